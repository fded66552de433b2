import { describe, expect, it } from "vitest";
import type { OrderRewardLine } from "../../domain/loyalty/rewards/redeems/order-rewards.ts";
import { orderMoney, shippingText } from "../../domain/orders/order-money.ts";
import { discountLabel } from "../../domain/orders/price-adjustment.ts";

const luna = { productName: "Luna Collagen", flavourName: "Lychee Luxe", optionName: "1 Box", unitPriceCents: 3900 };
const joffee = { productName: "Joffee", flavourName: "Yuzu", optionName: "1 Box", unitPriceCents: 1490 };
const reward: OrderRewardLine = {
  redeemId: "redeem-1",
  rewardName: "Free box",
  productName: "V5 Vitality",
  flavourName: "Citrus Zing",
  optionName: "1 Box",
  quantity: 1,
  pointsEach: 500,
  pointsTotal: 500,
};

/** An order as checkout stores it: each line's amount after its share of the discount. */
function storedOrder(
  lines: { line: typeof luna; quantity: number; discountCents: number }[],
  shippingCents: number,
  promotionCode: string | null,
) {
  const subtotalCents = lines.reduce((sum, { line, quantity }) => sum + line.unitPriceCents * quantity, 0);
  const discountCents = lines.reduce((sum, { discountCents }) => sum + discountCents, 0);
  return {
    invoiceId: "6A1B2C3D",
    lines: lines.map(({ line, quantity, discountCents }) => ({ ...line, quantity, discountCents })),
    rewards: [] as OrderRewardLine[],
    subtotalCents,
    discountCents,
    shippingCents,
    priceCents: subtotalCents - discountCents + shippingCents,
    adjustments: promotionCode
      ? [{ source: "promotion-code" as const, code: promotionCode, cents: discountCents, label: discountLabel(promotionCode) }]
      : [],
  };
}

describe("an order's money", () => {
  it("shows a discounted order's lines at their price, then subtotal − discount + shipping = total", () => {
    const order = storedOrder(
      [
        { line: luna, quantity: 2, discountCents: 780 },
        { line: joffee, quantity: 1, discountCents: 149 },
      ],
      0,
      "FIRST10",
    );
    const money = orderMoney(order);
    expect(
      money.lines.map(({ description, quantity, unitPriceCents, amountCents }) => [
        description,
        quantity,
        unitPriceCents,
        amountCents,
      ]),
    ).toEqual([
      ["Luna Collagen · Lychee Luxe · 1 Box", 2, 3900, 7800],
      ["Joffee · Yuzu · 1 Box", 1, 1490, 1490],
    ]);
    expect(money).toMatchObject({
      subtotalCents: 9290,
      discountCents: 929,
      discounts: [{ source: "promotion-code", code: "FIRST10", cents: 929, label: "Discount (FIRST10)" }],
      shippingCents: 0,
      totalCents: 8361,
    });
    expect(money.subtotalCents - money.discountCents + money.shippingCents).toBe(money.totalCents);
  });

  it("adds the shipping fee below free shipping and shows it as free above", () => {
    const small = orderMoney(storedOrder([{ line: joffee, quantity: 1, discountCents: 0 }], 490, null));
    expect(small).toMatchObject({
      subtotalCents: 1490,
      discountCents: 0,
      discounts: [],
      shippingCents: 490,
      totalCents: 1980,
    });
    expect(shippingText(small.shippingCents)).toBe("S$4.90");
    expect(shippingText(0)).toBe("Free");
    expect(discountLabel(null)).toBe("Discount");
  });

  it("shows each discount on its own line and leaves out one that took nothing off", () => {
    const order = storedOrder([{ line: luna, quantity: 2, discountCents: 780 }], 0, "FIRST10");
    const referral = { source: "referral" as const, code: "MEI-7Q2K", cents: 390, label: "Friend's first-order discount" };
    const money = orderMoney({
      ...order,
      adjustments: [
        { source: "promotion-code", code: "FIRST10", cents: 390, label: "Discount (FIRST10)" },
        referral,
        { source: "promotion-code", code: "ZERO", cents: 0, label: "Discount (ZERO)" },
      ],
    });
    expect(money.discounts.map(({ label, cents }) => [label, cents])).toEqual([
      ["Discount (FIRST10)", 390],
      ["Friend's first-order discount", 390],
    ]);
  });

  it("keeps rewards taken with points apart, at S$0.00, out of the figures", () => {
    const order = { ...storedOrder([{ line: luna, quantity: 1, discountCents: 0 }], 490, null), rewards: [reward] };
    const money = orderMoney(order);
    expect(money.rewards).toEqual([reward]);
    expect(money.lines).toHaveLength(1);
    expect(money).toMatchObject({ subtotalCents: 3900, shippingCents: 490, totalCents: 4390 });
  });

  it("refuses to show figures that do not add up to what was charged", () => {
    const order = storedOrder([{ line: luna, quantity: 2, discountCents: 780 }], 0, "FIRST10");
    expect(() => orderMoney({ ...order, priceCents: order.priceCents + 1 })).toThrow(/do not add up to the S\$70\.21 charged/);
    expect(() => orderMoney({ ...order, discountCents: 700, priceCents: 7100 })).toThrow(/do not add up/);
    const adjustments = [{ ...order.adjustments[0], cents: 700 }] as typeof order.adjustments;
    expect(() => orderMoney({ ...order, adjustments })).toThrow(/do not add up/);
  });
});
