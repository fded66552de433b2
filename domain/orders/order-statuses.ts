import type { orders } from "../../db/schema/orders.ts";

/** The states an order can be in, in the order it moves through them. */
export const ORDER_STATUSES = ["paid", "shipped", "delivered", "cancelled", "refunded"] as const;

/** A stored order's state: one of the above, or still waiting for its payment. */
export type OrderStatus = (typeof orders.$inferSelect)["status"];

/** Each state as the back office names it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid, not yet shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
