import { formatMoney } from "../../kernel/money.ts";

/** How much of an order's price has come back to the shopper, said on its pages once anything has. */
export function OrderRefunded({ order }: { order: { refundedCents: number; priceCents: number } }) {
  if (order.refundedCents <= 0) return null;
  return (
    <p className="mt-3" data-testid="order-refunded">
      Refunded: <strong>{formatMoney(order.refundedCents)}</strong> of {formatMoney(order.priceCents)}, back to the card you paid
      with.
    </p>
  );
}
