import { and, eq, gte, lt, sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { DAY_MS, singaporeDate } from "../../kernel/singapore-time.ts";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../kernel/subscription-terms.ts";
import { rangeOf } from "../dashboard/get-programme-analytics.ts";
import { netCents, ordersPaid, paidDay, singaporeDayOf } from "../dashboard/order-figures.ts";
import { staffHolding } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { unitsDue } from "../subscriptions/staff/units-due.ts";
import { SalesReportInput } from "./get-sales-report.ts";

export type SubscriptionDay = {
  day: string;
  renewalOrders: number;
  /** What renewal orders paid that day charged, less their refunds. */
  renewalRevenueCents: number;
  started: number;
  cancelled: number;
};

/** Renewal orders (those a subscription renewal placed) paid in the range, by day. */
function renewalSales(ctx: OperationContext, since: Date, until: Date) {
  return ctx.db
    .select({
      day: paidDay,
      orders: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${netCents}), 0)::bigint`,
    })
    .from(orders)
    .innerJoin(subscriptionRenewals, eq(subscriptionRenewals.orderId, orders.id))
    .where(ordersPaid(since, until))
    .groupBy(sql`1`);
}

/** Subscriptions counted by the Singapore day of `at` within the range, by day (and reason, for cancellations). */
function countedByDay(
  ctx: OperationContext,
  at: typeof subscriptions.createdAt | typeof subscriptions.cancelledAt,
  since: Date,
  until: Date,
) {
  return ctx.db
    .select({ day: singaporeDayOf(at), reason: subscriptions.cancelReason, count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(gte(at, since), lt(at, until)))
    .groupBy(sql`1`, sql`2`);
}

const declared = { access: staffHolding("orders", "subscriptions"), input: SalesReportInput };

/**
 * getSubscriptionReport: over chosen Singapore days (the last 30 by default), the renewal orders and
 * their revenue, subscriptions started and cancelled (with the reasons members gave) by day; as things
 * stand now, subscriptions by status and the members with one active; and the units of each SKU that
 * active subscriptions renew in the next 30 days, which the warehouse must have.
 */
export const getSubscriptionReport = defineOperation(declared, async function getSubscriptionReport(ctx, input) {
  const now = ctx.now();
  const { from, to, since, until } = rangeOf(now, input);
  const [sales, started, cancelled, statuses, [subscribers], due] = await Promise.all([
    renewalSales(ctx, since, until),
    countedByDay(ctx, subscriptions.createdAt, since, until),
    countedByDay(ctx, subscriptions.cancelledAt, since, until),
    ctx.db
      .select({ status: subscriptions.status, count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .groupBy(subscriptions.status),
    ctx.db
      .select({ count: sql<number>`count(distinct ${subscriptions.memberId})::int` })
      .from(subscriptions)
      .where(eq(subscriptions.status, "active")),
    unitsDue(ctx.db, singaporeDate(now)),
  ]);
  const dayCount = Math.round((until.getTime() - since.getTime()) / DAY_MS);
  const sum = (rows: { day: string; count: number }[], day: string) =>
    rows.filter((row) => row.day === day).reduce((total, row) => total + Number(row.count), 0);
  const days: SubscriptionDay[] = Array.from({ length: dayCount }, (_, index) => {
    const day = singaporeDate(since.getTime() + index * DAY_MS);
    const sold = sales.find((row) => row.day === day);
    return {
      day,
      renewalOrders: Number(sold?.orders ?? 0),
      renewalRevenueCents: Number(sold?.cents ?? 0),
      started: sum(started, day),
      cancelled: sum(cancelled, day),
    };
  });
  const totals = days.reduce(
    (total, day) => ({
      ...total,
      renewalOrders: total.renewalOrders + day.renewalOrders,
      renewalRevenueCents: total.renewalRevenueCents + day.renewalRevenueCents,
      started: total.started + day.started,
      cancelled: total.cancelled + day.cancelled,
    }),
    { day: "", renewalOrders: 0, renewalRevenueCents: 0, started: 0, cancelled: 0 } satisfies SubscriptionDay,
  );
  const reasons = new Map<string, number>();
  for (const row of cancelled) reasons.set(row.reason ?? "", (reasons.get(row.reason ?? "") ?? 0) + Number(row.count));
  return {
    from,
    to,
    days,
    totals,
    /** Reasons given, most given first; "" for cancellations without one. */
    cancelReasons: [...reasons.entries()]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    byStatus: Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [status, Number(statuses.find((row) => row.status === status)?.count ?? 0)]),
    ) as Record<SubscriptionStatus, number>,
    activeSubscribers: Number(subscribers?.count ?? 0),
    unitsDue: due,
  };
});
