import { type AnyColumn, and, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { SALE_ORDER_STATUSES } from "../../kernel/order-statuses.ts";
import { SINGAPORE_OFFSET_MS } from "../../kernel/singapore-time.ts";

/** An order's sales: what was charged, less what was refunded. */
export const netCents = sql`${orders.priceCents} - ${orders.refundedCents}`;

/** The Singapore day of a timestamp column, YYYY-MM-DD. */
export const singaporeDayOf = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(secs => ${SINGAPORE_OFFSET_MS / 1000}), 'YYYY-MM-DD')`;

/** The Singapore day an order was paid on, YYYY-MM-DD. */
export const paidDay = singaporeDayOf(orders.paidAt);

/**
 * Orders paid from `since`, up to `until` when given, that count as sales: checkouts still awaiting
 * payment are not orders yet, and an order cancelled before shipping was never a sale.
 */
export function ordersPaid(since: Date, until?: Date): SQL | undefined {
  return and(
    gte(orders.paidAt, since),
    until ? lt(orders.paidAt, until) : undefined,
    inArray(orders.status, SALE_ORDER_STATUSES),
  );
}
