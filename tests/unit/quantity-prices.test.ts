import { describe, expect, it } from "vitest";
import { priceBag } from "../../domain/bag/price-bag.ts";
import { cheapestFor } from "../../domain/bag/quantity-prices.ts";
import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { type Series, seriesByCode } from "../../kernel/series.ts";
import { SEEDED_STANDARD } from "../setup/seeded-delivery.ts";

const LADDER: [number, number][] = [
  [1, 3900],
  [2, 6890],
  [3, 10140],
];

function option(productId: string, flavour: string, count: number, priceCents: number): PurchaseOption {
  return {
    optionId: `op-${productId}_${flavour}-${count}b`,
    productId,
    optionName: `${count} Box`,
    optionPriceCents: priceCents,
    flavourName: flavour,
    isUpsellOption: false,
    active: true,
    skus: [],
    servings: 8 * count,
    singleBoxValueCents: 3900 * count,
    savingCents: 0,
    soldOut: false,
  };
}

function lunaSeries(): Series {
  const series = seriesByCode("m");
  if (!series) throw new Error("The Luna series is missing.");
  return series;
}

function product(id: string, flavours: Record<string, [number, number][]>, kind: Product["kind"] = "box"): Product {
  return {
    id,
    name: `Product ${id}`,
    series: lunaSeries(),
    kind,
    active: true,
    campaignDiscountExclusion: false,
    summary: "",
    description: "",
    path: `/shop/${id}`,
    images: [],
    options: Object.entries(flavours).flatMap(([flavour, ladder]) =>
      ladder.map(([count, price]) => option(id, flavour, count, price)),
    ),
  };
}

const luna = product("m8", { ba: LADDER, mg: LADDER, pe: LADDER, xx: [[1, 4200]] });
const shots = product("vs8", { or: LADDER });
const catalogue = new Map(
  [luna, shots].flatMap((entry) => entry.options.map((one) => [one.optionId, { product: entry, option: one }] as const)),
);
const bag = (lines: [string, number][], subscribed: string[] = []) =>
  priceBag(
    lines.map(([optionId, quantity]) => ({
      optionId,
      quantity,
      subscription: subscribed.includes(optionId) ? { cadenceWeeks: 4, discountPercent: 10 } : null,
    })),
    catalogue,
    SEEDED_STANDARD,
  );

describe("quantity prices across flavours", () => {
  it("prices three flavours at one box each at the three-box price, the saving split over the lines to the cent", () => {
    const priced = bag([
      ["op-m8_ba-1b", 1],
      ["op-m8_mg-1b", 1],
      ["op-m8_pe-1b", 1],
    ]);
    expect(priced.subtotalCents).toBe(11700);
    expect(priced.quantitySavings).toEqual([
      { productId: "m8", productName: "Product m8", boxes: 3, savingCents: 1560, oneMoreBoxSavesCents: 260 },
    ]);
    expect(priced.lines.map((line) => line.quantitySavingCents)).toEqual([520, 520, 520]);
    expect(priced).toMatchObject({ goodsCents: 10140, shippingCents: 0, totalCents: 10140 });
  });

  it("gives the odd cents to the dearest lines, the earlier first, so the shares always add up", () => {
    const priced = bag([
      ["op-m8_ba-1b", 1],
      ["op-m8_mg-1b", 1],
    ]);
    expect(priced.quantitySavings[0]?.savingCents).toBe(910);
    expect(priced.lines.map((line) => line.quantitySavingCents)).toEqual([455, 455]);
    const uneven = bag([
      ["op-m8_ba-2b", 1],
      ["op-m8_mg-1b", 1],
      ["op-m8_pe-1b", 1],
    ]);
    expect(uneven.quantitySavings[0]).toMatchObject({ boxes: 4, savingCents: 910 });
    const shares = uneven.lines.map((line) => line.quantitySavingCents);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(910);
    expect(shares).toEqual([427, 242, 241]);
  });

  it("counts a box of one flavour bought as several of the one-box option like the quantity option", () => {
    expect(bag([["op-m8_ba-1b", 3]]).goodsCents).toBe(10140);
    expect(bag([["op-m8_ba-3b", 1]]).quantitySavings[0]).toMatchObject({ boxes: 3, savingCents: 0, oneMoreBoxSavesCents: 260 });
  });

  it("prices a single box as before and says what a second one would save", () => {
    const priced = bag([["op-m8_ba-1b", 1]]);
    expect(priced).toMatchObject({ goodsCents: 3900, totalCents: 4390 });
    expect(priced.quantitySavings[0]).toMatchObject({ boxes: 1, savingCents: 0, oneMoreBoxSavesCents: 910 });
  });

  it("keeps products, flavours priced otherwise and subscribed lines out of each other's count", () => {
    const priced = bag(
      [
        ["op-m8_ba-1b", 1],
        ["op-vs8_or-1b", 1],
        ["op-m8_xx-1b", 1],
        ["op-m8_mg-1b", 1],
      ],
      ["op-m8_mg-1b"],
    );
    expect(priced.quantitySavings.map((saving) => [saving.productId, saving.boxes, saving.savingCents])).toEqual([
      ["m8", 1, 0],
      ["vs8", 1, 0],
      ["m8", 1, 0],
    ]);
    expect(priced.goodsCents).toBe(priced.subtotalCents);
  });

  it("makes up a count from the cheapest mix of the quantity prices", () => {
    const ladder = new Map(LADDER);
    expect(cheapestFor(ladder, 4)).toBe(13780);
    expect(cheapestFor(ladder, 6)).toBe(20280);
    expect(cheapestFor(new Map([[3, 10140]]), 4)).toBe(Number.POSITIVE_INFINITY);
  });
});
