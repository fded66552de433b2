import { and, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";

/** An order's sales: what was charged, less what was refunded. */
export const netCents = sql`${orders.priceCents} - ${orders.refundedCents}`;

/** Orders paid from `since`, up to `until` when given; checkouts still awaiting payment are not orders yet. */
export function ordersPaid(since: Date, until?: Date): SQL | undefined {
  return and(gte(orders.paidAt, since), until ? lt(orders.paidAt, until) : undefined, ne(orders.status, "pending_payment"));
}
