import { describe, expect, it } from "vitest";
import { priceBag } from "../../domain/bag/price-bag.ts";
import { quantityInput } from "../../domain/bag/quantity.ts";
import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { deliveryChargeFor } from "../../domain/delivery/delivery-option.ts";
import { parseInput } from "../../domain/shared/operation.ts";
import { SEEDED_STANDARD } from "../setup/seeded-delivery.ts";

const parseQuantity = (value: unknown) => parseInput(quantityInput, value);

describe("quantities", () => {
  it.each([
    [1, 1],
    [99, 99],
    ["7", 7],
    [" 12 ", 12],
  ])("accepts %j", (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });

  it.each([0, -1, 100, 1.5, "1.5", "", "abc", "1e1", "0x10", null, undefined, Number.NaN, Number.POSITIVE_INFINITY, "100"])(
    "refuses %j with a clear message",
    (input) => {
      expect(() => parseQuantity(input)).toThrow("Quantity must be a whole number from 1 to 99.");
    },
  );
});

describe("bag pricing", () => {
  const option = (optionId: string, priceCents: number): PurchaseOption => ({
    optionId,
    productId: "m8",
    optionName: "1 Box",
    optionPriceCents: priceCents,
    flavourName: "Berries Acai",
    isUpsellOption: false,
    active: true,
    skus: [],
    servings: 8,
    singleBoxValueCents: priceCents,
    savingCents: 0,
    soldOut: false,
  });
  const product = {
    id: "m8",
    name: "Luna",
    path: "/shop/luna-collagen/m8",
    kind: "box",
    options: [],
    images: [],
  } as unknown as Product;
  const catalogue = new Map([
    ["op-m8_ba-1b", { product, option: option("op-m8_ba-1b", 3900) }],
    ["op-mpu_ba-1pu", { product, option: option("op-mpu_ba-1pu", 488) }],
  ]);

  it("charges S$4.90 shipping below S$60 of goods and nothing from S$60", () => {
    expect(deliveryChargeFor(0, SEEDED_STANDARD)).toBe(0);
    expect(deliveryChargeFor(5999, SEEDED_STANDARD)).toBe(490);
    expect(deliveryChargeFor(6000, SEEDED_STANDARD)).toBe(0);
  });

  it("prices lines from the catalogue and totals them with shipping", () => {
    const bag = priceBag(
      [
        { optionId: "op-m8_ba-1b", quantity: 1 },
        { optionId: "op-mpu_ba-1pu", quantity: 3 },
      ],
      catalogue,
      SEEDED_STANDARD,
    );
    expect(bag.lines.map((line) => line.lineTotalCents)).toEqual([3900, 1464]);
    expect(bag).toMatchObject({ itemCount: 4, subtotalCents: 5364, shippingCents: 490, totalCents: 5854 });
    const twoBoxes = priceBag([{ optionId: "op-m8_ba-1b", quantity: 2 }], catalogue, SEEDED_STANDARD);
    expect(twoBoxes).toMatchObject({ subtotalCents: 7800, shippingCents: 0, totalCents: 7800 });
  });

  it("leaves options no longer sold out of the total and reports them", () => {
    const bag = priceBag([{ optionId: "op-m4_ba-1b", quantity: 2 }], catalogue, SEEDED_STANDARD);
    expect(bag.lines).toEqual([]);
    expect(bag.unavailableOptionIds).toEqual(["op-m4_ba-1b"]);
    expect(bag.totalCents).toBe(0);
  });
});
