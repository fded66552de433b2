import { and, eq, gte, lt, sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { pointValueCents } from "../loyalty/rewards/point-value.ts";
import type { OperationContext } from "../shared/context.ts";

export type ReferralFigures = {
  /** Orders paid in the range that a referral link brought, whatever became of the referral. */
  orders: number;
  /** The friends' first-order discounts given on them. */
  discountCents: number;
  /** Referral points credited in the range. */
  pointsCredited: number;
  /** Those points valued as the liability values every point (point-value.ts). */
  pointsCents: number;
  /** What referrals cost in the range: discounts plus points. */
  costCents: number;
};

/** Referral orders paid from `since` to `until`, and their cost (decision 045). */
export async function referralFigures(ctx: OperationContext, since: Date, until: Date): Promise<ReferralFigures> {
  const [ordered] = await ctx.db
    .select({
      orders: sql<number>`count(*)::int`,
      discountCents: sql<number>`coalesce(sum(${referrals.discountCents}), 0)::bigint`,
    })
    .from(referrals)
    .innerJoin(orders, eq(orders.id, referrals.orderId))
    .where(and(gte(orders.paidAt, since), lt(orders.paidAt, until)));
  const [credited] = await ctx.db
    .select({ points: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::bigint` })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.activityType, "referral-bonus"),
        gte(pointTransactions.transactionAt, since),
        lt(pointTransactions.transactionAt, until),
      ),
    );
  const discountCents = Number(ordered?.discountCents ?? 0);
  const pointsCredited = Number(credited?.points ?? 0);
  const pointsCents = pointsCredited > 0 ? Math.round(pointsCredited * (await pointValueCents(ctx))) : 0;
  return {
    orders: Number(ordered?.orders ?? 0),
    discountCents,
    pointsCredited,
    pointsCents,
    costCents: discountCents + pointsCents,
  };
}
