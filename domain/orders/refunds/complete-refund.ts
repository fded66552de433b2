import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema/orders.ts";
import { refunds } from "../../../db/schema/refunds.ts";
import { AppError } from "../../../kernel/app-error.ts";
import type { OperationContext } from "../../shared/context.ts";
import { queueOrderEmail } from "../order-email.ts";
import { applyOrderRefund } from "./apply-order-refund.ts";

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Asks the payment provider for a pending refund (the refund's id is its idempotency key, so asking
 * again never refunds twice), then records it on the order — points, spend, tier, the shopper's
 * email — in one transaction with the refund row locked: whoever completes it first (the staff
 * member's request, the recovery job, the provider's webhook) does, and the others find it done.
 */
export async function completeRefund(ctx: OperationContext, refundId: string): Promise<RefundRow> {
  const [pending] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!pending) throw new AppError("NOT_FOUND", "There is no such refund.");
  if (pending.status === "succeeded") return pending;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, pending.orderId));
  if (!order) throw new AppError("NOT_FOUND", "The refund's order is gone.");
  // An order the shop charged itself (a renewal) is refunded by its payment; a checkout's by its session.
  const payment = order.paymentIntentId ? { paymentIntentId: order.paymentIntentId } : { sessionId: order.checkoutSessionId };
  const { providerRefundId } = await ctx.payments.refund({ ...payment, amountCents: pending.amountCents, refundId: pending.id });
  return recordProviderRefund(ctx, pending.id, providerRefundId);
}

/** Marks a pending refund confirmed by the provider and records it on its order, once. */
export async function recordProviderRefund(
  ctx: OperationContext,
  refundId: string,
  providerRefundId: string,
): Promise<RefundRow> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund) throw new AppError("NOT_FOUND", "There is no such refund.");
    if (refund.status === "succeeded") return refund;
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    if (!order) throw new AppError("NOT_FOUND", "The refund's order is gone.");
    const applied = await applyOrderRefund(tx, ctx.jobs, order, {
      refundId: refund.id,
      amountCents: refund.amountCents,
      at,
      cancelsOrder: refund.cancelsOrder,
      restock: refund.restock,
    });
    // The refund reads as what it did: a cancel that found the order shipped is a refund of money.
    const [done] = await tx
      .update(refunds)
      .set({
        status: "succeeded",
        providerRefundId,
        completedAt: at,
        cancelsOrder: applied.cancelled,
        restock: applied.restocked,
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    await queueOrderEmail(tx, ctx.jobs, order.id, "order-refund", refund.id);
    return done ?? refund;
  });
}
