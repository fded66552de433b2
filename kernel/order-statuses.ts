/** Every state an order can be in: awaiting payment, then the states it moves through once paid. */
export const ORDER_STATES = ["pending_payment", "paid", "cancelling", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATES)[number];

/** Each state as the back office names it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid, not yet shipped",
  cancelling: "Cancelling, refund pending",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** Each state in a sentence: "This order is {phrase}, so it cannot be …". */
export const ORDER_STATUS_PHRASES: Record<OrderStatus, string> = {
  pending_payment: "awaiting payment",
  paid: "paid",
  cancelling: "being cancelled",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  refunded: "refunded",
};

/** The states of a placed order, in the order it moves through them: what staff list and filter. */
export const ORDER_STATUSES = [
  "paid",
  "cancelling",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const satisfies readonly OrderStatus[];

/**
 * Orders whose money the shop keeps: they count as bought, can be claimed by a member and refunded.
 * A cancelling order still holds its money until the payment provider confirms the cancel's refund.
 */
export const KEPT_ORDER_STATUSES = ["paid", "cancelling", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

export function isKeptOrderStatus(status: OrderStatus): boolean {
  return (KEPT_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Orders that count as sales (orders, average order, reports): placed and not cancelled before shipping. */
export const SALE_ORDER_STATUSES = [
  "paid",
  "cancelling",
  "shipped",
  "delivered",
  "refunded",
] as const satisfies readonly OrderStatus[];
