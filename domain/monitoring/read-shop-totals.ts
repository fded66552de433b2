import { sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { isPointKind } from "../../kernel/point-kinds.ts";
import { metricsScraper } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";

export type OrderStatus = (typeof orders.status.enumValues)[number];
export type RefundStatus = (typeof refunds.status.enumValues)[number];

/** The shop's running totals, as the database holds them now: every process reads the same. */
export type ShopTotals = {
  /** Orders in each status, every status listed. */
  orders: Record<OrderStatus, number>;
  /** Refunds and the money they give back, per status, every status listed. */
  refunds: Record<RefundStatus, { count: number; cents: number }>;
  /** Points the ledger moved, per direction and kind (kinds the shop does not name count as `other`). */
  points: { transactionType: "credit" | "debit"; kind: string; points: number }[];
};

const declared = { access: metricsScraper, input: z.object({}) };

/**
 * Counts orders by status, refunds by status and the ledger's points by direction and kind. Each is one
 * aggregate answered from an index alone (migration 0020), so a scrape never reads the tables' rows.
 */
export const readShopTotals = defineOperation(declared, async function readShopTotals(ctx): Promise<ShopTotals> {
  const orderRows = await ctx.db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  const refundRows = await ctx.db
    .select({
      status: refunds.status,
      count: sql<number>`count(*)::int`,
      cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::bigint`,
    })
    .from(refunds)
    .groupBy(refunds.status);
  const pointRows = await ctx.db
    .select({
      transactionType: pointTransactions.transactionType,
      kind: pointTransactions.activityType,
      points: sql<string>`sum(${pointTransactions.points})::bigint`,
    })
    .from(pointTransactions)
    .groupBy(pointTransactions.transactionType, pointTransactions.activityType);
  const points = new Map<string, ShopTotals["points"][number]>();
  for (const row of pointRows) {
    const kind = isPointKind(row.kind) ? row.kind : "other";
    const key = `${row.transactionType}:${kind}`;
    const entry = points.get(key) ?? { transactionType: row.transactionType, kind, points: 0 };
    entry.points += Number(row.points);
    points.set(key, entry);
  }
  return {
    orders: Object.fromEntries(
      orders.status.enumValues.map((status) => [status, Number(orderRows.find((row) => row.status === status)?.count ?? 0)]),
    ) as ShopTotals["orders"],
    refunds: Object.fromEntries(
      refunds.status.enumValues.map((status) => {
        const row = refundRows.find((candidate) => candidate.status === status);
        return [status, { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) }];
      }),
    ) as ShopTotals["refunds"],
    points: [...points.values()],
  };
});
