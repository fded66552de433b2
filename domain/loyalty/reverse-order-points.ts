import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { members, pointTransactions } from "../../db/schema/members.ts";
import type { orders } from "../../db/schema/orders.ts";
import { lockMember } from "./locked-member.ts";
import { orderEntryKey } from "./order-points.ts";
import { recordPointEntry } from "./point-ledger.ts";
import { programmeInForce } from "./programme.ts";
import { reviewGoldAfterRefund, settleGoldYears } from "./tiers.ts";

type OrderRow = typeof orders.$inferSelect;

/** What this refund step should take back of what the order earned: in proportion, all of it when fully refunded. */
function proportion(earned: number, refundedCents: number, priceCents: number, fully: boolean): number {
  if (fully) return earned;
  return priceCents > 0 ? Math.floor((earned * refundedCents) / priceCents) : 0;
}

/** The order's reversals so far: points debited plus points written off, and spend reversed. */
async function reversedSoFar(tx: Tx, memberId: string, orderId: string) {
  const [row] = await tx
    .select({
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
    );
  return { points: Number(row?.points ?? 0), spentCents: Number(row?.spentCents ?? 0) };
}

/**
 * The compensating `refund` debit for the points and spend the order earned, up to what `refundedCents`
 * of its price now reverses. A balance that no longer holds the points (they were spent) is debited
 * only down to zero and the rest is recorded as meta.shortfall and written off.
 */
export async function reverseOrderPoints(tx: Tx, order: OrderRow, step: { amountCents: number; fully: boolean; at: Date }) {
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
  const { member } = await settleGoldYears(tx, await lockMember(tx, earned.memberId), at, schedule);
  const before = await reversedSoFar(tx, member.id, order.id);
  const points = Math.max(0, proportion(earned.points, order.refundedCents, order.priceCents, fully) - before.points);
  const spentCents = Math.max(0, proportion(earned.spentCents, order.refundedCents, order.priceCents, fully) - before.spentCents);
  if (points === 0 && spentCents === 0) return { memberId: member.id, pointsReversed: 0, shortfall: 0 };
  const debit = Math.min(points, member.points);
  const shortfall = points - debit;
  await recordPointEntry(tx, {
    memberId: member.id,
    email: member.email,
    kind: "refund",
    transactionType: "debit",
    points: debit,
    spentCents,
    meta: {
      orderId: order.id,
      invoiceId: order.invoiceId,
      refundedCents: step.amountCents,
      totalRefundedCents: order.refundedCents,
      ...(shortfall > 0 ? { shortfall } : {}),
    },
    idempotencyKey: `refund:order:${order.id}:${order.refundedCents}`,
    // Reversed with the rules of the version that credited the order.
    programmeVersion: earned.programmeVersion,
    at,
  });
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
  await reviewGoldAfterRefund(tx, member, at, schedule);
  return { memberId: member.id, pointsReversed: debit, shortfall };
}
