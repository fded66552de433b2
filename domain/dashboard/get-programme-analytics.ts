import { sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { DAY_MS, singaporeDate, singaporeDayEnd, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { memberScreens } from "../loyalty/account/member-admin-access.ts";
import type { OperationContext } from "../shared/context.ts";
import { refuseReversedDays } from "../shared/day-range.ts";
import { optional, singaporeDay } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from "./analytics-range.ts";
import { netCents, ordersPaid } from "./order-figures.ts";
import { pointFigures } from "./point-figures.ts";
import { referralFigures } from "./referral-figures.ts";

export const ProgrammeAnalyticsInput = z.object({
  /** Whole Singapore days, both included. */
  from: optional(singaporeDay(), { emptyIsAbsent: true }),
  to: optional(singaporeDay(), { emptyIsAbsent: true }),
});

export type CustomerGroupFigures = {
  /** Members by their account; guests by the email they ordered with. */
  customers: number;
  orders: number;
  /** Customers with two orders or more in the range. */
  repeatCustomers: number;
  /** Repeat customers ÷ customers; null when nobody ordered. */
  repeatRate: number | null;
  salesCents: number;
  /** Sales less refunds ÷ orders; null when there were none. */
  averageOrderCents: number | null;
};

const badRange = (problem: string) => new AppError("BAD_USER_INPUT", problem, { to: problem });

/** The chosen range as Singapore days, the last 30 days by default. */
export function rangeOf(now: Date, input: z.output<typeof ProgrammeAnalyticsInput>) {
  const to = input.to ?? singaporeDate(now);
  const from = input.from ?? singaporeDate((singaporeDayStart(to) as Date).getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  refuseReversedDays(from, to);
  const since = singaporeDayStart(from) as Date;
  const until = singaporeDayEnd(to) as Date;
  if (until.getTime() - since.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw badRange(`The range may cover at most ${MAX_RANGE_DAYS} days.`);
  return { from, to, since, until };
}

function groupFigures(row: { customers: number; orders: number; repeat: number; cents: number } | undefined) {
  const customers = Number(row?.customers ?? 0);
  const count = Number(row?.orders ?? 0);
  const repeatCustomers = Number(row?.repeat ?? 0);
  const salesCents = Number(row?.cents ?? 0);
  return {
    customers,
    orders: count,
    repeatCustomers,
    repeatRate: customers > 0 ? repeatCustomers / customers : null,
    salesCents,
    averageOrderCents: count > 0 ? Math.round(salesCents / count) : null,
  } satisfies CustomerGroupFigures;
}

/** Each customer's orders and sales in the range, then added up for members and for guests. */
async function customerGroups(ctx: OperationContext, since: Date, until: Date) {
  const isMember = sql`${orders.memberId} is not null`;
  const perCustomer = ctx.db
    .select({
      member: sql<boolean>`${isMember}`.as("member"),
      orders: sql<number>`count(*)`.as("orders"),
      cents: sql<number>`sum(${netCents})`.as("cents"),
    })
    .from(orders)
    .where(ordersPaid(since, until))
    .groupBy(isMember, sql`coalesce(${orders.memberId}, lower(${orders.email}))`)
    .as("per_customer");
  const rows = await ctx.db
    .select({
      member: perCustomer.member,
      customers: sql<number>`count(*)::int`,
      orders: sql<number>`sum(${perCustomer.orders})::int`,
      repeat: sql<number>`(count(*) filter (where ${perCustomer.orders} >= 2))::int`,
      cents: sql<number>`sum(${perCustomer.cents})::bigint`,
    })
    .from(perCustomer)
    .groupBy(perCustomer.member);
  return {
    members: groupFigures(rows.find((row) => row.member === true)),
    guests: groupFigures(rows.find((row) => row.member === false)),
  };
}

const declared = { access: memberScreens, input: ProgrammeAnalyticsInput };

/**
 * getProgrammeAnalytics: how the loyalty programme did over chosen Singapore days: members' orders
 * against guests', points redeemed against issued, points expired less those staff restored, and
 * referral orders with what they cost (decision 045).
 */
export const getProgrammeAnalytics = defineOperation(declared, async function getProgrammeAnalytics(ctx, input) {
  const { from, to, since, until } = rangeOf(ctx.now(), input);
  const [groups, points, referrals] = await Promise.all([
    customerGroups(ctx, since, until),
    pointFigures(ctx, since, until),
    referralFigures(ctx, since, until),
  ]);
  return {
    from,
    to,
    ...groups,
    pointsIssued: points.issued,
    pointsRedeemed: points.redeemed,
    redemptionRate: points.redemptionRate,
    pointsExpired: points.expired - points.restored,
    referrals,
  };
});
