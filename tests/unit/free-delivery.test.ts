import { describe, expect, it } from "vitest";
import { chooseGapFiller, freeDeliveryProgress } from "../../domain/bag/free-delivery.ts";
import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { type Series, seriesByCode } from "../../kernel/series.ts";

const luna = seriesByCode("m") as Series;
const vita = seriesByCode("v") as Series;

function option(optionId: string, optionPriceCents: number, changes: Partial<PurchaseOption> = {}): PurchaseOption {
  return {
    optionId,
    productId: "p",
    optionName: "1 Box",
    optionPriceCents,
    flavourName: "Berries Acai",
    isUpsellOption: false,
    active: true,
    skus: [],
    servings: 8,
    singleBoxValueCents: optionPriceCents,
    savingCents: 0,
    soldOut: false,
    ...changes,
  };
}

function product(id: string, series: Product["series"], options: PurchaseOption[], active = true): Product {
  return { id, name: `Product ${id}`, path: `/shop/x/${id}`, series, active, options } as Product;
}

const catalogue = [
  product("m8", luna, [option("op-m8-1", 3900), option("op-m8-2", 7020), option("op-m8-sold", 1500, { soldOut: true })]),
  product("mpu", luna, [option("op-mpu-1", 488), option("op-mpu-off", 1200, { active: false })]),
  product("mold", luna, [option("op-mold-1", 1300)], false),
  product("v8", vita, [option("op-v8-1", 1000)]),
];

const lunaBag = (goodsCents: number, subscribed: string[] = []) => ({
  goodsCents,
  freeFromCents: 6000,
  lines: [{ optionId: "op-m8-1", product: { series: { code: luna.code } }, subscription: null }].concat(
    subscribed.map((optionId) => ({
      optionId,
      product: { series: { code: luna.code } },
      subscription: { cadenceWeeks: 4 } as never,
    })),
  ),
});

describe("the option offered to close the gap to free delivery", () => {
  it("is the cheapest option of the bag's series whose price reaches the gap", () => {
    expect(chooseGapFiller(2100, lunaBag(3900), catalogue)?.optionId).toBe("op-m8-1");
    expect(chooseGapFiller(400, lunaBag(5600), catalogue)?.optionId).toBe("op-mpu-1");
  });

  it("is the dearest one when none reaches the gap: the nearest to closing it", () => {
    expect(chooseGapFiller(9000, lunaBag(0), catalogue)?.optionId).toBe("op-m8-2");
  });

  it("never offers a sold-out, switched-off or inactive product, another series, or a subscribed line", () => {
    expect(chooseGapFiller(1000, lunaBag(5000), catalogue)?.optionId).toBe("op-m8-1");
    expect(chooseGapFiller(3000, lunaBag(3000, ["op-m8-1"]), catalogue)?.optionId).toBe("op-m8-2");
  });

  it("offers nothing when the bag's series has nothing to sell", () => {
    expect(chooseGapFiller(1000, lunaBag(5000), [catalogue[3] as Product])).toBeNull();
  });

  it("chooses the same option whatever order the catalogue is in, equal prices going by option id", () => {
    const twins = [product("a", luna, [option("op-b", 2000)]), product("b", luna, [option("op-a", 2000)])];
    expect(chooseGapFiller(1500, lunaBag(4500), twins)?.optionId).toBe("op-a");
    expect(chooseGapFiller(1500, lunaBag(4500), twins.toReversed())?.optionId).toBe("op-a");
  });
});

describe("progress to free delivery", () => {
  it("gives the gap, how far the goods are and the offer", () => {
    expect(freeDeliveryProgress(lunaBag(1290), catalogue)).toMatchObject({
      goodsCents: 1290,
      thresholdCents: 6000,
      gapCents: 4710,
      percent: 21,
      suggestion: { optionId: "op-m8-2", priceCents: 7020 },
    });
  });

  it("reads full with no offer once delivery is free, and 99 one cent short", () => {
    expect(freeDeliveryProgress(lunaBag(7800), catalogue)).toMatchObject({ gapCents: 0, percent: 100, suggestion: null });
    expect(freeDeliveryProgress(lunaBag(5999), catalogue)).toMatchObject({ gapCents: 1, percent: 99 });
  });

  it("is not shown for a bag with no goods", () => {
    expect(freeDeliveryProgress({ goodsCents: 0, freeFromCents: 6000, lines: [] }, catalogue)).toBeNull();
  });

  it("follows the chosen delivery's threshold, and is not shown for one that is never free", () => {
    expect(freeDeliveryProgress({ ...lunaBag(7800), freeFromCents: 15000 }, catalogue)).toMatchObject({
      thresholdCents: 15000,
      gapCents: 7200,
      percent: 52,
    });
    expect(freeDeliveryProgress({ ...lunaBag(7800), freeFromCents: null }, catalogue)).toBeNull();
  });
});
