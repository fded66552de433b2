import { describe, expect, it } from "vitest";
import { type DiscountGrant, splitAcrossLines } from "../../domain/checkout/price-checkout.ts";

const product = (id: string, campaignDiscountExclusion = false) => ({ id, campaignDiscountExclusion });
const luna = { lineTotalCents: 7800, product: product("luna"), subscription: null };
const joffee = { lineTotalCents: 1490, product: product("joffee"), subscription: null };
const bundle = { lineTotalCents: 5000, product: product("bundle", true), subscription: null };

const code = (value: number): DiscountGrant => ({
  source: "promotion-code",
  code: "SAVE",
  label: "Discount (SAVE)",
  rule: { kind: "amount", value },
  excludes: (line) => line.product.campaignDiscountExclusion,
  optional: false,
});
const friend: DiscountGrant = {
  source: "referral",
  code: "LIMWEI-7Q2K",
  label: "Friend's first-order discount",
  rule: { kind: "percent", value: 10 },
  excludes: (line) => line.product.campaignDiscountExclusion,
  optional: true,
};

describe("splitting a checkout's discounts over its lines", () => {
  it("takes each discount in turn off what the ones before it left, the lines' shares adding up to the list", () => {
    const { adjustments, perLine } = splitAcrossLines([code(929), friend], [luna, joffee, bundle]);
    expect(adjustments.map(({ source, code, cents }) => [source, code, cents])).toEqual([
      ["promotion-code", "SAVE", 929],
      ["referral", "LIMWEI-7Q2K", 836],
    ]);
    expect(perLine[2]).toBe(0);
    expect(perLine.reduce((sum, share) => sum + share, 0)).toBe(929 + 836);
  });

  it("leaves out a friend's discount nothing can take, and refuses a code nothing can take", () => {
    expect(splitAcrossLines([friend], [bundle])).toEqual({ adjustments: [], perLine: [0] });
    expect(() => splitAcrossLines([code(500)], [bundle])).toThrow("doesn't apply to anything in your bag");
  });
});
