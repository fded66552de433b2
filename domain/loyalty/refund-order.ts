import { and, eq, sql } from "drizzle-orm";
import { members, pointTransactions } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { Tx } from "../members/member-deps.ts";
import { recordPointEntry } from "../members/point-ledger.ts";
import { lockMember } from "./locked-member.ts";
import { orderEntryKey } from "./order-points.ts";
import { returnOrderRedeems } from "./refund-redeems.ts";
import { reviewGoldAfterRefund, settleGoldYears } from "./tiers.ts";

export type OrderRow = typeof orders.$inferSelect;

/** Orders money can still come back on. */
export const REFUNDABLE: readonly OrderRow["status"][] = ["paid", "shipped", "delivered"];

export type RefundOrderResult = {
  orderId: string;
  status: OrderRow["status"];
  refundedCents: number;
  /** What this call refunded. */
  amountCents: number;
  /** The member whose points moved; null for an order that earned none (a guest's). */
  memberId: string | null;
  pointsReversed: number;
  /** Points the reversal should have taken but the balance no longer held: written off. */
  shortfall: number;
  redeemsReturned: number;
  redeemPointsReturned: number;
};

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
async function reverseOrderPoints(tx: Tx, order: OrderRow, step: { amountCents: number; fully: boolean; at: Date }) {
  const [earned] = await tx
    .select({
      memberId: pointTransactions.memberId,
      points: pointTransactions.points,
      spentCents: pointTransactions.spentCents,
      at: pointTransactions.transactionAt,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.idempotencyKey, orderEntryKey(order.id)));
  if (!earned) return { memberId: null, pointsReversed: 0, shortfall: 0 };
  const { at, fully } = step;
  const { member } = await settleGoldYears(tx, await lockMember(tx, earned.memberId), at);
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
  await reviewGoldAfterRefund(tx, member, at);
  return { memberId: member.id, pointsReversed: debit, shortfall };
}

/**
 * Records money given back on a paid order, in the caller's transaction with the order row locked:
 * orders.refunded_cents (status refunded once all of it is, or cancelled when the refund cancels the
 * order), a compensating `refund` debit for the points it earned in proportion (key
 * `refund:order:{orderId}:{refundedCents}`; what earlier steps reversed is subtracted, so partial
 * refunds together never reverse more than was earned), the member's spend, purchase count and tier,
 * and — once all of it is refunded — the points of the rewards that went out with it. Never more
 * than is left of the price.
 */
export async function applyOrderRefund(
  tx: Tx,
  order: OrderRow,
  step: { amountCents: number; at: Date; cancelsOrder: boolean },
): Promise<RefundOrderResult> {
  if (!REFUNDABLE.includes(order.status) || order.status === "refunded")
    throw new AppError("CONFLICT", `This order is ${order.status.replace("_", " ")}, so it cannot be refunded.`);
  const remaining = order.priceCents - order.refundedCents;
  if (step.amountCents > remaining) {
    throw new AppError("BAD_USER_INPUT", `Only ${formatMoney(remaining)} of this order is left to refund.`);
  }
  const { amountCents, at } = step;
  const refundedCents = order.refundedCents + amountCents;
  const fully = refundedCents >= order.priceCents;
  const status = step.cancelsOrder ? "cancelled" : fully ? "refunded" : order.status;
  await tx
    .update(orders)
    .set({ refundedCents, status, ver: sql`${orders.ver} + 1`, updatedAt: at })
    .where(eq(orders.id, order.id));
  // Rewards first: their returned points can then cover the reversal.
  const returns = fully ? await returnOrderRedeems(tx, order, at) : { redeemsReturned: 0, pointsReturned: 0 };
  const reversal = await reverseOrderPoints(tx, { ...order, refundedCents, status }, { amountCents, fully, at });
  return {
    orderId: order.id,
    status,
    refundedCents,
    amountCents,
    memberId: reversal.memberId ?? order.memberId,
    pointsReversed: reversal.pointsReversed,
    shortfall: reversal.shortfall,
    redeemsReturned: returns.redeemsReturned,
    redeemPointsReturned: returns.pointsReturned,
  };
}
