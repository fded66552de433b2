import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema/orders.ts";
import { refunds } from "../../../db/schema/refunds.ts";
import type { RefundNotice } from "../../../integrations/payments/payment-provider.ts";
import type { OperationContext } from "../../shared/context.ts";
import { queueOrderEmail } from "../order-email.ts";
import { applyOrderRefund } from "./apply-order-refund.ts";
import { recordProviderRefund } from "./complete-refund.ts";
import { linesWithRefunds, openLines, recordCreditedLines } from "./refund-plan.ts";

/**
 * The order a payment intent paid: the one that recorded it (every renewal, charged off-session with
 * no checkout page, and orders paid since the intent was recorded), else the order of the checkout
 * session the provider says it belongs to.
 */
async function orderOfPayment(ctx: OperationContext, paymentIntentId: string): Promise<string | null> {
  const [paid] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  if (paid) return paid.id;
  const sessionId = await ctx.payments.sessionOfPayment(paymentIntentId);
  if (!sessionId) return null;
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return order?.id ?? null;
}

/**
 * A refund the payment provider tells of by webhook. One the shop asked for is completed as the shop
 * would (it names the shop's refund); one made in the provider's dashboard is recorded by its
 * provider id, which is unique, so a repeated webhook changes nothing. It takes the same path as
 * the shop's own: points, spend, tier and the shopper's email — never past what is left to refund.
 * It names no lines; one that leaves nothing to refund credits every box still open, as a refund
 * of all that is left does, so the lines never show less refunded than the order.
 */
export async function receiveProviderRefund(ctx: OperationContext, notice: RefundNotice): Promise<void> {
  if (!notice.succeeded) return;
  if (notice.shopRefundId) {
    await recordProviderRefund(ctx, notice.shopRefundId, notice.providerRefundId);
    return;
  }
  const orderId = await orderOfPayment(ctx, notice.paymentIntentId);
  if (!orderId) return;
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return;
    const [known] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.providerRefundId, notice.providerRefundId));
    if (known) return;
    const amountCents = Math.min(notice.amountCents, order.priceCents - order.refundedCents);
    if (amountCents <= 0) return;
    const id = randomUUID();
    await tx.insert(refunds).values({
      id,
      orderId: order.id,
      amountCents,
      reason: "Refunded in the payment provider's dashboard",
      source: "provider",
      status: "succeeded",
      providerRefundId: notice.providerRefundId,
      createdAt: at,
      completedAt: at,
    });
    const applied = await applyOrderRefund(tx, ctx.jobs, order, { refundId: id, amountCents, at, cancelsOrder: false });
    if (applied.refundedCents >= order.priceCents)
      await recordCreditedLines(tx, id, order.id, openLines(await linesWithRefunds(tx, order.id)));
    await queueOrderEmail(tx, ctx.jobs, order.id, "order-refund", id);
  });
}
