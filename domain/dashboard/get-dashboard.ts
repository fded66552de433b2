import { gte, sql } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { DAY_MS, singaporeDate, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { memberScreens } from "../loyalty/account/member-admin-access.ts";
import { clocksRunningOutBy } from "../loyalty/expiry/expiry-clocks.ts";
import { liabilityCents, outstandingPoints } from "../loyalty/expiry/points-liability.ts";
import { programmeAt, programmeSchedule, termsOf } from "../loyalty/programme/programme.ts";
import { pointValueCents } from "../loyalty/rewards/point-value.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { netCents, ordersPaid, paidDay } from "./order-figures.ts";
import { pointFigures } from "./point-figures.ts";

export const DASHBOARD_PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;
/** How far ahead the dashboard counts the points due to expire. */
export const EXPIRY_DAYS = 30;
/** Days the daily charts cover, today included. */
export const CHART_DAYS = 30;

export type PeriodFigures = {
  salesCents: number;
  orders: number;
  averageOrderCents: number;
  newMembers: number;
  pointsIssued: number;
  pointsRedeemed: number;
  /** Points written off by expiry (decision 043), before any staff restored. */
  pointsExpired: number;
  /** Points redeemed ÷ points issued in the period; null when none were issued. */
  redemptionRate: number | null;
};

/** The first instant of the Singapore day `daysBack` days before today's. */
function dayStart(now: Date, daysBack: number): Date {
  return singaporeDayStart(singaporeDate(now.getTime() - daysBack * DAY_MS)) as Date;
}

async function periodFigures(ctx: OperationContext, since: Date): Promise<PeriodFigures> {
  const [sales] = await ctx.db
    .select({
      cents: sql<number>`coalesce(sum(${netCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(ordersPaid(since));
  const [joined] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(members).where(gte(members.createdAt, since));
  const points = await pointFigures(ctx, since);
  const count = Number(sales?.count ?? 0);
  const cents = Number(sales?.cents ?? 0);
  return {
    salesCents: cents,
    orders: count,
    averageOrderCents: count > 0 ? Math.round(cents / count) : 0,
    newMembers: Number(joined?.count ?? 0),
    pointsIssued: points.issued,
    pointsRedeemed: points.redeemed,
    pointsExpired: points.expired,
    redemptionRate: points.redemptionRate,
  };
}

const declared = { access: memberScreens, input: z.object({}) };

/** The back office's figures at a glance: sales and loyalty for today, 7 and 30 days, daily charts, tiers. */
export const getDashboard = defineOperation(declared, async function getDashboard(ctx) {
  const now = ctx.now();
  const periods = await Promise.all(
    DASHBOARD_PERIODS.map(async (period) => ({ ...period, ...(await periodFigures(ctx, dayStart(now, period.days - 1))) })),
  );
  const chartSince = dayStart(now, CHART_DAYS - 1);
  const daily = await ctx.db
    .select({
      day: paidDay,
      cents: sql<number>`coalesce(sum(${netCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(ordersPaid(chartSince))
    .groupBy(sql`1`);
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const days = Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = singaporeDate(chartSince.getTime() + index * DAY_MS);
    const row = byDay.get(day);
    return { day, salesCents: Number(row?.cents ?? 0), orders: Number(row?.count ?? 0) };
  });
  const tiers = await ctx.db
    .select({ status: members.membershipStatus, count: sql<number>`count(*)::int` })
    .from(members)
    .groupBy(members.membershipStatus);
  const schedule = await programmeSchedule(ctx);
  const [{ outstanding, overdue: overduePoints }, expiringSoon] = await Promise.all([
    outstandingPoints(ctx, schedule, now),
    clocksRunningOutBy(ctx.db, schedule, new Date(now.getTime() + EXPIRY_DAYS * DAY_MS)),
  ]);
  const perPoint = await pointValueCents(ctx);
  const programme = programmeAt(schedule, now);
  return {
    periods,
    days,
    tiers: {
      green: Number(tiers.find((tier) => tier.status === "green")?.count ?? 0),
      gold: Number(tiers.find((tier) => tier.status === "gold")?.count ?? 0),
    },
    outstandingPoints: outstanding,
    pointValueCents: perPoint,
    liabilityCents: liabilityCents(outstanding, perPoint),
    expiringSoon: {
      days: EXPIRY_DAYS,
      members: expiringSoon.filter((member) => member.clock.expiresAt > now).length,
      points: expiringSoon.reduce((sum, member) => sum + member.points, 0) - overduePoints,
    },
    programme: { version: programme.number, effectiveAt: programme.effectiveAt, terms: termsOf(programme.rules) },
  };
});
