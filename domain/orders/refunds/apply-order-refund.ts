import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatMoney, fromCents } from "../../../kernel/money.ts";
import { isKeptOrderStatus, ORDER_STATUS_PHRASES } from "../../../kernel/order-statuses.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import { reverseOrderPoints } from "../../loyalty/order-points/reverse-order-points.ts";
import { returnOrderRedeems } from "../../loyalty/rewards/refund-redeems.ts";
import { referralOrderRefunded } from "../../referrals/referral-order-events.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { returnRefundStock } from "../../stock/return-stock.ts";

type OrderRow = typeof orders.$inferSelect;

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
  /** Whether it cancelled the order, and whether its boxes went back in stock. */
  cancelled: boolean;
  restocked: boolean;
};

/**
 * Records money given back on a paid order, in the caller's transaction with the order row locked:
 * orders.refunded_cents (status refunded once all of it is, or cancelled when the refund cancels the
 * order), a compensating `refund` debit for the points it earned in proportion (key
 * `refund:order:{orderId}:{refundedCents}`; what earlier steps reversed is subtracted, so partial
 * refunds together never reverse more than was earned), the member's spend, purchase count and tier,
 * and — once all of it is refunded — the points of the rewards that went out with it, and the
 * refund's `order.refunded` event; a referral the order carries that has not paid yet is reversed; a
 * cancel of an order that has not shipped puts all its boxes back in stock, a refund staff chose to
 * restock the boxes it credits. Never more than is left of the price.
 */
export async function applyOrderRefund(
  tx: Tx,
  jobs: JobQueue,
  order: OrderRow,
  step: { refundId: string; amountCents: number; at: Date; cancelsOrder: boolean; restock?: boolean },
): Promise<RefundOrderResult> {
  if (!isKeptOrderStatus(order.status))
    throw new AppError("CONFLICT", `This order is ${ORDER_STATUS_PHRASES[order.status]}, so it cannot be refunded.`);
  const remaining = order.priceCents - order.refundedCents;
  if (step.amountCents > remaining) {
    throw new AppError("BAD_USER_INPUT", `Only ${formatMoney(remaining)} of this order is left to refund.`);
  }
  const { amountCents, at } = step;
  const refundedCents = order.refundedCents + amountCents;
  const fully = refundedCents >= order.priceCents;
  // Boxes that left with a shipment never come back through a cancel: one that finds the order
  // shipped (asked for before cancelling was a state shipping refuses) gives back money only.
  const cancelled = step.cancelsOrder && order.shippedAt === null;
  const restocked = cancelled || (!step.cancelsOrder && step.restock === true);
  const status = cancelled ? "cancelled" : fully ? "refunded" : order.status;
  await tx
    .update(orders)
    .set({ refundedCents, status, ver: sql`${orders.ver} + 1`, updatedAt: at })
    .where(eq(orders.id, order.id));
  if (restocked) await returnRefundStock(tx, { orderId: order.id, refundId: step.refundId, all: cancelled, at });
  // Rewards first: their returned points can then cover the reversal.
  const returns = fully ? await returnOrderRedeems(tx, jobs, order, at) : { redeemsReturned: 0, pointsReturned: 0 };
  const reversal = await reverseOrderPoints(
    tx,
    jobs,
    { ...order, refundedCents, status },
    {
      refundId: step.refundId,
      amountCents,
      fully,
      at,
    },
  );
  await referralOrderRefunded(tx, order.id, at);
  const memberId = reversal.memberId ?? order.memberId;
  await recordShopEvent(tx, jobs, {
    type: "order.refunded",
    key: `order.refunded:${step.refundId}`,
    data: {
      orderId: order.id,
      invoiceId: order.invoiceId,
      refundId: step.refundId,
      memberId,
      amountCents,
      amount: fromCents(amountCents),
      refundedCents,
      refunded: fromCents(refundedCents),
      status,
      pointsReversed: reversal.pointsReversed,
      refundedAt: at.toISOString(),
    },
    at,
  });
  return {
    orderId: order.id,
    status,
    refundedCents,
    amountCents,
    memberId,
    pointsReversed: reversal.pointsReversed,
    shortfall: reversal.shortfall,
    redeemsReturned: returns.redeemsReturned,
    redeemPointsReturned: returns.pointsReturned,
    cancelled,
    restocked,
  };
}
