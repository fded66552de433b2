import { and, gte, lt, sql } from "drizzle-orm";
import { pointTransactions } from "../../db/schema/points.ts";
import type { OperationContext } from "../shared/context.ts";

export type PointFigures = {
  /** Every point credited, whatever the reason. */
  issued: number;
  /** Points spent on rewards. */
  redeemed: number;
  /** Points written off by expiry (decision 043), before any staff restored. */
  expired: number;
  /** Expired points staff gave back. */
  restored: number;
  /** Points redeemed ÷ points issued; null when none were issued. */
  redemptionRate: number | null;
};

/** The points ledger's movements from `since`, up to `until` when given. */
export async function pointFigures(ctx: OperationContext, since: Date, until?: Date): Promise<PointFigures> {
  const { transactionType: way, activityType: kind, points } = pointTransactions;
  const [row] = await ctx.db
    .select({
      issued: sql<number>`coalesce(sum(${points}) filter (where ${way} = 'credit'), 0)::bigint`,
      redeemed: sql<number>`coalesce(sum(${points}) filter (where ${kind} = 'redeem' and ${way} = 'debit'), 0)::bigint`,
      expired: sql<number>`coalesce(sum(${points}) filter (where ${kind} = 'expired'), 0)::bigint`,
      restored: sql<number>`coalesce(sum(${points}) filter (where ${kind} = 'expiry-reversal'), 0)::bigint`,
    })
    .from(pointTransactions)
    .where(and(gte(pointTransactions.transactionAt, since), until ? lt(pointTransactions.transactionAt, until) : undefined));
  const issued = Number(row?.issued ?? 0);
  const redeemed = Number(row?.redeemed ?? 0);
  return {
    issued,
    redeemed,
    expired: Number(row?.expired ?? 0),
    restored: Number(row?.restored ?? 0),
    redemptionRate: issued > 0 ? redeemed / issued : null,
  };
}
