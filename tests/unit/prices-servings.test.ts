import { describe, expect, it } from "vitest";
import { pricePerServingCents, pricePerUnitCents } from "../../app/lib/product-display.ts";
import { savingOf } from "../../domain/catalog/saving.ts";
import { boxesLabel, servingsLabel, servingsOf, servingsPerUnit } from "../../domain/catalog/servings.ts";
import type { PurchaseOption } from "../../domain/catalog/types.ts";
import { countLabel, itemsLabel } from "../../kernel/count-label.ts";
import { divideCents, formatMoney, fromCents, toCents } from "../../kernel/money.ts";

describe("money in cents", () => {
  it("converts the catalogue's decimal prices without float drift", () => {
    expect([39, 68.9, 101.4, 19.5, 48.9, 79.5, 12.9, 4.88, 117.6, 146.2, 196.9, 275.9, 349.9, 658].map(toCents)).toEqual([
      3900, 6890, 10140, 1950, 4890, 7950, 1290, 488, 11760, 14620, 19690, 27590, 34990, 65800,
    ]);
    expect(fromCents(10140)).toBe(101.4);
  });

  it("formats Singapore dollars with two decimals", () => {
    expect(formatMoney(6890)).toBe("S$68.90");
    expect(formatMoney(0)).toBe("S$0.00");
    expect(formatMoney(65800)).toBe("S$658.00");
    expect(formatMoney(123456789)).toBe("S$1,234,567.89");
    expect(formatMoney(-490)).toBe("-S$4.90");
  });

  it("rounds a division to the nearest cent", () => {
    expect(divideCents(6890, 2)).toBe(3445);
    expect(divideCents(10140, 24)).toBe(423);
    expect(divideCents(1000, 3)).toBe(333);
  });
});

describe("servings", () => {
  it("counts 8 for SKU ids ending in 8, 4 for other boxes, 1 for a pouch", () => {
    expect(servingsPerUnit("mba8")).toBe(8);
    expect(servingsPerUnit("mba4")).toBe(4);
    expect(servingsPerUnit("jbb4")).toBe(4);
    expect(servingsPerUnit("mbapu")).toBe(1);
    expect(
      servingsOf([
        { skuId: "mba8", qty: 3 },
        { skuId: "jbb4", qty: 1 },
      ]),
    ).toBe(28);
  });

  it("uses the singular for a count of 1 or less", () => {
    expect(servingsLabel(1)).toBe("1 serving");
    expect(servingsLabel(0)).toBe("0 serving");
    expect(servingsLabel(8)).toBe("8 servings");
    expect(boxesLabel(1)).toBe("1 box");
    expect(boxesLabel(3)).toBe("3 boxes");
    // The bag's counts, the header's "Bag, 0 item" included: SPEC.md §9 makes 0 singular too.
    expect([0, 1, 2, 12].map(itemsLabel)).toEqual(["0 item", "1 item", "2 items", "12 items"]);
    expect(countLabel(1, "Pouch", "Pouches")).toBe("1 Pouch");
  });
});

describe("option price breakdown", () => {
  const threeBoxes: PurchaseOption = {
    optionId: "op-m8_ba-3b",
    productId: "m8",
    optionName: "3 Boxes",
    optionPriceCents: 10140,
    flavourName: "Berries Acai",
    isUpsellOption: false,
    active: true,
    skus: [{ skuId: "mba8", qty: 3, flavourName: "Berries Acai", format: "Nectar", retailPriceCents: 3900 }],
    servings: 24,
    singleBoxValueCents: 11700,
    savingCents: 0,
    soldOut: false,
  };

  it("gives the price per box and per serving", () => {
    expect(pricePerUnitCents(threeBoxes)).toBe(3380);
    expect(pricePerServingCents(threeBoxes)).toBe(423);
  });

  it("counts a saving for a bundle only: several boxes of one product show their price per box instead", () => {
    expect(savingOf("box", threeBoxes)).toBe(0);
    expect(savingOf("shots", threeBoxes)).toBe(0);
    expect(savingOf("pouch", { singleBoxValueCents: 488, optionPriceCents: 488 })).toBe(0);
    expect(savingOf("bundle", { singleBoxValueCents: 15600, optionPriceCents: 11760 })).toBe(3840);
    // A bundle dearer than its boxes (never in the seed) saves nothing rather than a negative amount.
    expect(savingOf("bundle", { singleBoxValueCents: 3900, optionPriceCents: 4000 })).toBe(0);
  });
});
