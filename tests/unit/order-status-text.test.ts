import { describe, expect, it } from "vitest";
import { orderStatusText } from "../../domain/orders/order-status-text.ts";

describe("an order's standing as its shopper reads it", () => {
  const order = { priceCents: 9_090, refundedCents: 0 };
  it("is its state alone until money comes back, then says how much of the price did", () => {
    expect(orderStatusText({ ...order, status: "paid" })).toBe("Paid, not yet shipped");
    expect(orderStatusText({ ...order, status: "paid", refundedCents: 3_900 })).toBe("Paid, refunded S$39.00 of S$90.90");
    expect(orderStatusText({ ...order, status: "delivered", refundedCents: 3_900 })).toBe(
      "Delivered, refunded S$39.00 of S$90.90",
    );
    expect(orderStatusText({ ...order, status: "refunded", refundedCents: 9_090 })).toBe("Refunded S$90.90");
    expect(orderStatusText({ ...order, status: "cancelled", refundedCents: 9_090 })).toBe("Cancelled, refunded S$90.90");
  });
});
