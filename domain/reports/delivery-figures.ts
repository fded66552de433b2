import { sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { ordersPaid } from "../dashboard/order-figures.ts";
import type { OperationContext } from "../shared/context.ts";

/** What orders placed before there was a choice of delivery are shown under. */
export const BEFORE_DELIVERY_OPTIONS = "Before delivery options";

export type DeliverySales = { name: string; orders: number; shippingCents: number; netCents: number };

/**
 * The paid orders of the days by the delivery option chosen (its name when ordered): how many, the
 * shipping they paid, and what they came to after refunds. Most orders first.
 */
export async function deliveryFigures(ctx: OperationContext, since: Date, until: Date): Promise<DeliverySales[]> {
  const name = sql<string>`coalesce(${orders.deliveryOptionName}, ${BEFORE_DELIVERY_OPTIONS})`;
  const rows = await ctx.db
    .select({
      name,
      orders: sql<number>`count(*)::int`,
      shippingCents: sql<number>`sum(${orders.shippingCents})::bigint`,
      netCents: sql<number>`sum(${orders.priceCents} - ${orders.refundedCents})::bigint`,
    })
    .from(orders)
    .where(ordersPaid(since, until))
    .groupBy(sql`1`);
  return rows
    .map((row) => ({ ...row, shippingCents: Number(row.shippingCents), netCents: Number(row.netCents) }))
    .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name));
}
