/** The states an order can be in, in the order it moves through them. */
export const ORDER_STATUSES = ["paid", "shipped", "delivered", "cancelled", "refunded"] as const;
