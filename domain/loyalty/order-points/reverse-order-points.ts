import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import type { orders } from "../../../db/schema/orders.ts";
import { pointTransactions } from "../../../db/schema/points.ts";
import { lockMember } from "../../members/locked-member.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { campaignCreditsOf } from "../campaigns/campaign-points.ts";
import { orderEntryKey } from "../points/order-earn.ts";
import { recordPointEntry } from "../points/point-ledger.ts";
import { programmeAt, programmeInForce } from "../programme/programme.ts";
import { reviewGoldAfterRefund, settleGoldYears } from "../tiers/tiers.ts";
import { bonusRefunded, campaignsById, creditedPointsRule, refundedPartOf, refundedSpendCents } from "./refunded-part.ts";
import { renewalCreditsOf, renewalRefunded } from "./renewal-points.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * The part of an order's points a reversal is about: the order's own (null), a campaign's bonus (its
 * id) or a renewal's extra or bonus ("extra", "bonus").
 */
type Part = string | null;

/**
 * The order's reversals so far, by part: points debited plus points written off, and spend reversed.
 * Reversals of a campaign's bonus name it in meta.campaignId, those of a renewal's part in
 * meta.renewalPart; the order's own name neither.
 */
async function reversedSoFar(
  tx: Tx,
  memberId: string,
  orderId: string,
): Promise<Map<Part, { points: number; spentCents: number }>> {
  const rows = await tx
    .select({
      part: sql<Part>`coalesce(${pointTransactions.meta}->>'campaignId', ${pointTransactions.meta}->>'renewalPart')`,
      points: sql<number>`coalesce(sum(${pointTransactions.points} + coalesce((${pointTransactions.meta}->>'shortfall')::int, 0)), 0)::int`,
      spentCents: sql<number>`coalesce(sum(${pointTransactions.spentCents}), 0)::int`,
    })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.memberId, memberId),
        eq(pointTransactions.activityType, "refund"),
        eq(pointTransactions.transactionType, "debit"),
        sql`${pointTransactions.meta}->>'orderId' = ${orderId}`,
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.part, { points: Number(row.points), spentCents: Number(row.spentCents) }]));
}

/**
 * The compensating `refund` debits for what the order earned, up to what its refunds now give back:
 * one for the order's own points and spend, and one for each campaign bonus it was credited (meta
 * names the campaign) and each part a subscription renewal earned beyond its points
 * (renewal-points.ts). What is taken back is what the refunded part earned under the rules of the
 * version that credited it: a refund of lines, the points and spend of those lines' own value and
 * the bonuses of campaigns on them; a refund of an amount, its share of the whole order; a full
 * refund, everything. A balance that no longer holds the points (they were spent) is debited only
 * down to zero and the rest is recorded as meta.shortfall and written off. Each refund step's debits
 * have their own keys, so a step applied again adds nothing.
 */
export async function reverseOrderPoints(
  tx: Tx,
  jobs: JobQueue,
  order: OrderRow,
  step: { refundId: string; amountCents: number; fully: boolean; at: Date },
) {
  const [earned] = await tx
    .select({
      memberId: pointTransactions.memberId,
      points: pointTransactions.points,
      spentCents: pointTransactions.spentCents,
      at: pointTransactions.transactionAt,
      programmeVersion: pointTransactions.programmeVersion,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.idempotencyKey, orderEntryKey(order.id)));
  if (!earned) return { memberId: null, pointsReversed: 0, shortfall: 0 };
  const { at, fully } = step;
  const { schedule } = await programmeInForce(tx, at);
  const { member } = await settleGoldYears(tx, jobs, await lockMember(tx, earned.memberId), at, schedule);
  const before = await reversedSoFar(tx, member.id, order.id);
  // Reversed with the rules of the version that credited it, from what the refunds gave back.
  const { rules } = schedule.find((version) => version.number === earned.programmeVersion) ?? programmeAt(schedule, earned.at);
  const { tier, pointsOn } = creditedPointsRule(rules, earned);
  const part = await refundedPartOf(tx, order, step.refundId);
  const refundedSpend = fully
    ? earned.spentCents
    : Math.min(earned.spentCents, refundedSpendCents(part, rules, order.shippingCents));
  const due = (target: number, reversed: number) => Math.max(0, target - reversed);
  const baseMeta = {
    orderId: order.id,
    invoiceId: order.invoiceId,
    refundedCents: step.amountCents,
    totalRefundedCents: order.refundedCents,
  };
  let balance = member.points;
  const totals = { pointsReversed: 0, shortfall: 0 };
  /** Debits what the balance holds of `points`, writes off the rest; `programmeVersion` is the crediting entry's. */
  async function takeBack(points: number, entry: { spentCents: number; meta: object; key: string; programmeVersion: number }) {
    const debit = Math.min(points, balance);
    const shortfall = points - debit;
    await recordPointEntry(tx, jobs, {
      memberId: member.id,
      email: member.email,
      kind: "refund",
      transactionType: "debit",
      points: debit,
      spentCents: entry.spentCents,
      meta: { ...baseMeta, ...entry.meta, ...(shortfall > 0 ? { shortfall } : {}) },
      idempotencyKey: entry.key,
      // Reversed with the rules of the version that credited it.
      programmeVersion: entry.programmeVersion,
      at,
    });
    balance -= debit;
    totals.pointsReversed += debit;
    totals.shortfall += shortfall;
  }

  const orderBefore = before.get(null) ?? { points: 0, spentCents: 0 };
  const points = due(fully ? earned.points : Math.min(earned.points, pointsOn(refundedSpend)), orderBefore.points);
  const spentCents = due(refundedSpend, orderBefore.spentCents);
  const orderPart = points > 0 || spentCents > 0;
  if (orderPart) {
    const key = `refund:order:${order.id}:${order.refundedCents}`;
    await takeBack(points, { spentCents, meta: {}, key, programmeVersion: earned.programmeVersion });
  }
  const bonuses = await campaignCreditsOf(tx, member.id, order.id);
  const terms = await campaignsById(
    tx,
    bonuses.map((bonus) => bonus.campaignId),
  );
  const context = { lines: part.lines, rules, tier, pointsOn, spentCents: earned.spentCents, refundedSpendCents: refundedSpend };
  for (const bonus of bonuses) {
    const target = fully ? bonus.points : bonusRefunded(bonus.points, terms.get(bonus.campaignId), context);
    const bonusPoints = due(target, before.get(bonus.campaignId)?.points ?? 0);
    if (bonusPoints === 0) continue;
    await takeBack(bonusPoints, {
      spentCents: 0,
      meta: { campaignId: bonus.campaignId, campaignName: bonus.campaignName },
      key: `refund:order:${order.id}:${order.refundedCents}:campaign:${bonus.campaignId}`,
      programmeVersion: bonus.programmeVersion,
    });
  }
  const refunded = { fully, spentCents: earned.spentCents, refundedSpendCents: refundedSpend };
  for (const credit of await renewalCreditsOf(tx, member.id, order.id)) {
    const renewalPoints = due(renewalRefunded(credit, refunded), before.get(credit.part)?.points ?? 0);
    if (renewalPoints === 0) continue;
    await takeBack(renewalPoints, {
      spentCents: 0,
      meta: { renewalPart: credit.part },
      key: `refund:order:${order.id}:${order.refundedCents}:renewal:${credit.part}`,
      programmeVersion: credit.programmeVersion,
    });
  }
  if (!orderPart) return { memberId: member.id, ...totals };
  // Spend before a membership reset is no longer in totalSpent, so only spend since then comes off it.
  const countedInTotal = earned.at >= member.membershipStartAt;
  await tx
    .update(members)
    .set({
      totalSpentCents: countedInTotal ? sql`greatest(0, ${members.totalSpentCents} - ${spentCents})` : members.totalSpentCents,
      purchaseCount: fully ? sql`greatest(0, ${members.purchaseCount} - 1)` : members.purchaseCount,
      updatedAt: at,
    })
    .where(eq(members.id, member.id));
  await reviewGoldAfterRefund(tx, jobs, member, at, schedule);
  return { memberId: member.id, ...totals };
}
