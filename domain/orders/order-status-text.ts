import { formatMoney } from "../../kernel/money.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../kernel/order-statuses.ts";

type OrderStanding = { status: OrderStatus; priceCents: number; refundedCents: number };

/**
 * Where an order stands as its shopper reads it, with the money given back: "Paid, not yet
 * shipped", "Shipped, refunded S$39.00 of S$90.90", "Refunded S$90.90", "Cancelled, refunded S$90.90".
 */
export function orderStatusText(order: OrderStanding): string {
  const refunded = formatMoney(order.refundedCents);
  if (order.refundedCents <= 0) return ORDER_STATUS_LABELS[order.status];
  if (order.status === "refunded") return `Refunded ${refunded}`;
  if (order.status === "cancelled") return `Cancelled, refunded ${refunded}`;
  // A paid order with money back is no longer merely waiting to ship: the refund is its news.
  const standing = order.status === "paid" ? "Paid" : ORDER_STATUS_LABELS[order.status];
  return `${standing}, refunded ${refunded} of ${formatMoney(order.priceCents)}`;
}
