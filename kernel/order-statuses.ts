/** Every state an order can be in: awaiting payment, then the states it moves through once paid. */
export const ORDER_STATES = ["pending_payment", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATES)[number];

/** Each state as the back office names it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid, not yet shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The states of a placed order, in the order it moves through them: what staff list and filter. */
export const ORDER_STATUSES = ["paid", "shipped", "delivered", "cancelled", "refunded"] as const satisfies readonly OrderStatus[];

/** Orders whose money the shop keeps: they count as bought, can be claimed by a member and refunded. */
export const KEPT_ORDER_STATUSES = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

export function isKeptOrderStatus(status: OrderStatus): boolean {
  return (KEPT_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Orders that count as sales (orders, average order, reports): placed and not cancelled before shipping. */
export const SALE_ORDER_STATUSES = ["paid", "shipped", "delivered", "refunded"] as const satisfies readonly OrderStatus[];
