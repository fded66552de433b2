import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS, SEED_SKUS } from "../../db/seed/catalog-data.ts";
import { FLAVOURS } from "../../db/seed/flavours.ts";

const byId = new Map(SEED_PRODUCTS.map((product) => [product.id, product]));
const pricesOf = (productId: string, flavour: string) =>
  byId
    .get(productId)
    ?.options.filter((option) => option.flavourName === flavour)
    .map((option) => option.optionPriceCents);

describe("the seeded catalogue", () => {
  it("has every flavour of SPEC §3 in its series", () => {
    expect(FLAVOURS.m.map((f) => f.name)).toEqual([
      "Berries Acai",
      "Yuzu Delight",
      "Strawberry Bliss",
      "Lychee Luxe",
      "Passionfruit Blossom",
    ]);
    expect(FLAVOURS.v.map((f) => f.name)).toEqual(["Citrus Zing", "Sweet Sour Tang"]);
    expect(FLAVOURS.j.map((f) => f.name)).toEqual(["Blueberry", "Yuzu"]);
    expect(FLAVOURS.l).toHaveLength(7);
  });

  it("prices 8-serving and shot boxes at 39 / 68.9 / 101.4 and 4-serving boxes at 19.5 / 48.9 / 79.5", () => {
    expect(pricesOf("m8", "Lychee Luxe")).toEqual([3900, 6890, 10140]);
    expect(pricesOf("vs8", "Citrus Zing")).toEqual([3900, 6890, 10140]);
    expect(pricesOf("m4", "Berries Acai")).toEqual([1950, 4890, 7950]);
    expect(pricesOf("j4", "Yuzu")).toEqual([1290]);
    expect(pricesOf("mpu", "Yuzu Delight")).toEqual([488]);
  });

  it("has the six bundles with a free-box upsell each, excluded from campaign discounts", () => {
    const bundles = SEED_PRODUCTS.filter((product) => product.kind === "bundle");
    expect(bundles.map((bundle) => bundle.options[0]?.optionPriceCents)).toEqual([11760, 14620, 19690, 27590, 34990, 65800]);
    for (const bundle of bundles) {
      const [plain, upsell] = bundle.options;
      expect(bundle.campaignDiscountExclusion).toBe(true);
      expect(upsell?.isUpsellOption).toBe(true);
      expect(upsell?.optionPriceCents).toBe(plain?.optionPriceCents);
      const boxes = (skus: { qty: number }[] = []) => skus.reduce((total, sku) => total + sku.qty, 0);
      expect(boxes(upsell?.skus)).toBe(boxes(plain?.skus) + 1);
    }
  });

  it("keeps the older 4-serving boxes and the pouch samplers inactive", () => {
    expect(byId.get("m4")?.active).toBe(false);
    expect(byId.get("v4")?.active).toBe(false);
    expect(byId.get("pmbas6")?.active).toBe(false);
    expect(byId.get("pmbas12")?.active).toBe(false);
    expect(byId.get("m8")?.active).toBe(true);
  });

  it("gives SKUs their format and single-box retail price, and every option only known SKUs", () => {
    const skuIds = new Set(SEED_SKUS.map((sku) => sku.skuId));
    expect(SEED_SKUS.find((sku) => sku.skuId === "vcz8")).toMatchObject({ format: "Shots", retailPriceCents: 3900 });
    expect(SEED_SKUS.find((sku) => sku.skuId === "mba8")).toMatchObject({ format: "Nectar", retailPriceCents: 3900 });
    for (const product of SEED_PRODUCTS) {
      for (const option of product.options) for (const sku of option.skus) expect(skuIds.has(sku.skuId), sku.skuId).toBe(true);
    }
    const optionIds = SEED_PRODUCTS.flatMap((product) => product.options.map((option) => option.optionId));
    expect(new Set(optionIds).size).toBe(optionIds.length);
  });
});
