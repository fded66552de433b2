import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed/catalog-data.ts";
import { formatOptionId, isValidOptionId, parseOptionId } from "../../kernel/option-id.ts";

describe("option ids", () => {
  it("reads product, variant, count and unit", () => {
    expect(parseOptionId("op-m8_ba-3b")).toEqual({
      optionId: "op-m8_ba-3b",
      productId: "m8",
      variant: "ba",
      count: 3,
      unit: "b",
    });
    expect(parseOptionId("op-pmbas12-12pu")).toEqual({
      optionId: "op-pmbas12-12pu",
      productId: "pmbas12",
      variant: null,
      count: 12,
      unit: "pu",
    });
  });

  it.each([
    "",
    "op-",
    "m8_ba-3b",
    "op-M8_ba-3b",
    "op-m8_ba-0b",
    "op-m8_ba-3",
    "op-m8_ba-3x",
    "op-m8__ba-3b",
    "op-m8_ba-3b ",
    "op-m8-ba-3b",
    "op-m8_ba-1000b",
    `op-${"a".repeat(80)}-1b`,
  ])("rejects the malformed id %j", (value) => {
    expect(parseOptionId(value)).toBeNull();
    expect(isValidOptionId(value)).toBe(false);
  });

  it("rejects values that are not strings", () => {
    for (const value of [undefined, null, 42, {}, ["op-m8_ba-1b"]]) expect(parseOptionId(value)).toBeNull();
  });

  it("formats what it parses", () => {
    for (const id of ["op-m8_ba-3b", "op-pmbas6-6pu", "op-lbndl24-25b"]) {
      const parsed = parseOptionId(id);
      expect(parsed).not.toBeNull();
      if (parsed) expect(formatOptionId(parsed)).toBe(id);
    }
  });

  it("holds for every seeded option, whose id names its own product", () => {
    for (const product of SEED_PRODUCTS) {
      for (const option of product.options) {
        expect(parseOptionId(option.optionId)?.productId, option.optionId).toBe(product.id);
      }
    }
  });
});
