import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { members } from "../../../db/schema/members.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import { addDaysToDate, singaporeDate, singaporeDayStart } from "../../../kernel/singapore-time.ts";
import { findPurchaseOptions } from "../../catalog/lookup.ts";
import { deliveryChargeFor } from "../../delivery/delivery-option.ts";
import { standardDeliveryOf } from "../../delivery/delivery-options.ts";
import { discountPerLine } from "../../promotions/promotion.ts";
import type { OperationContext } from "../../shared/context.ts";
import { orderPoints, orderSpendCents, renewalEarnings } from "../points/order-earn.ts";
import { programmeAt, programmeSchedule } from "../programme/programme.ts";

/** How far ahead the member home counts what a member's subscriptions will earn. */
export const POINTS_AHEAD_DAYS = 90;

/** What a member's active subscriptions will earn in the next days; null when they have none. */
export type SubscriptionPointsAhead = { days: number; renewals: number; points: number } | null;

/**
 * The points the renewals due in the next POINTS_AHEAD_DAYS days will earn: each renewal at the
 * option's price today less the subscription's discount, with the shipping it comes to, by the earn
 * rule of the version in force on its date at the member's tier now, with the renewal multiplier and
 * the bonus of the renewals that bring one. An option no longer sold is not counted.
 */
export async function subscriptionPointsAhead(ctx: OperationContext, memberId: string): Promise<SubscriptionPointsAhead> {
  const active = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.status, "active")));
  if (active.length === 0) return null;
  const [member] = await ctx.db.select({ tier: members.membershipStatus }).from(members).where(eq(members.id, memberId));
  if (!member) return null;
  const placed = await ctx.db
    .select({ subscriptionId: subscriptionRenewals.subscriptionId, renewals: count() })
    .from(subscriptionRenewals)
    .where(
      and(
        inArray(
          subscriptionRenewals.subscriptionId,
          active.map((subscription) => subscription.id),
        ),
        isNotNull(subscriptionRenewals.orderId),
      ),
    )
    .groupBy(subscriptionRenewals.subscriptionId);
  const renewedSoFar = new Map(placed.map((row) => [row.subscriptionId, Number(row.renewals)]));
  const schedule = await programmeSchedule(ctx);
  const found = await findPurchaseOptions(
    ctx.catalog,
    active.map((subscription) => subscription.optionId),
  );
  const standard = await standardDeliveryOf(ctx);
  const until = addDaysToDate(singaporeDate(ctx.now()), POINTS_AHEAD_DAYS);
  const total = { days: POINTS_AHEAD_DAYS, renewals: 0, points: 0 };
  for (const subscription of active) {
    const option = found.get(subscription.optionId)?.option;
    if (!option) continue;
    const subtotalCents = option.optionPriceCents * subscription.quantity;
    const [discountCents = 0] = discountPerLine({ kind: "percent", value: subscription.discountPercent }, [
      { lineTotalCents: subtotalCents, excluded: false },
    ]);
    const order = { subtotalCents, discountCents, shippingCents: deliveryChargeFor(subtotalCents - discountCents, standard) };
    let number = renewedSoFar.get(subscription.id) ?? 0;
    for (let due = subscription.nextRenewalOn; due <= until; due = addDaysToDate(due, subscription.cadenceWeeks * 7)) {
      number += 1;
      const { rules } = programmeAt(schedule, singaporeDayStart(due) ?? ctx.now());
      const points = orderPoints(rules, orderSpendCents(order, rules), member.tier);
      const { extra, bonus } = renewalEarnings(rules, points, number);
      total.renewals += 1;
      total.points += points + extra + bonus;
    }
  }
  return total;
}
