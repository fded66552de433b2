import { sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { OPTIONAL_METHODS } from "../../kernel/payment-methods.ts";
import { ordersPaid } from "../dashboard/order-figures.ts";
import type { OperationContext } from "../shared/context.ts";

export type MethodSales = { method: string; orders: number; paidCents: number; refundedCents: number };

/** The orders paid over the days by each way of paying (cards apart from the wallets they came through), most money first. */
export async function salesByMethod(ctx: Pick<OperationContext, "db">, since: Date, until: Date): Promise<MethodSales[]> {
  const way = sql<string>`coalesce(${orders.cardWallet}, ${orders.paymentMethod})`;
  const rows = await ctx.db
    .select({
      way,
      orders: sql<number>`count(*)::int`,
      paidCents: sql<number>`sum(${orders.priceCents})::bigint`,
      refundedCents: sql<number>`sum(${orders.refundedCents})::bigint`,
    })
    .from(orders)
    .where(ordersPaid(since, until))
    .groupBy(way);
  return rows
    .map((row) => ({
      method: row.way in OPTIONAL_METHODS ? OPTIONAL_METHODS[row.way as keyof typeof OPTIONAL_METHODS] : "Card",
      orders: row.orders,
      paidCents: Number(row.paidCents),
      refundedCents: Number(row.refundedCents),
    }))
    .sort((a, b) => b.paidCents - a.paidCents || a.method.localeCompare(b.method));
}
