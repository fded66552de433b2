import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { members } from "../../db/schema/members.ts";
import { checkoutSessions, orderAccessGrants, orderLines, orders } from "../../db/schema/orders.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { fromCents } from "../../kernel/money.ts";
import { estimateDelivery } from "../delivery/delivery-estimate.ts";
import { recordShopEvent } from "../events/record-shop-event.ts";
import { creditPaidOrderToBagMember } from "../loyalty/order-points.ts";
import { attachPendingRedeems } from "../loyalty/redeems/attach-pending-redeems.ts";
import { customerForOrder } from "../orders/customer-record.ts";
import { generateOrderCode } from "../orders/order-code.ts";
import { queueOrderEmail } from "../orders/order-email.ts";
import { retakePromotionUse } from "../promotions/promotion-hold.ts";
import { recordReferral } from "../referrals/record-referral.ts";
import type { OperationContext } from "../shared/context.ts";
import { takeCheckoutStock } from "../stock/checkout-stock.ts";
import { recordPaymentEvent } from "./payment-event-log.ts";

export type FulfilResult = { orderId: string; invoiceId: string; created: boolean };

/** New invoice ids tried before fulfilment gives up (and the webhook is retried): 5 random characters make a repeat rare. */
const INVOICE_ID_ATTEMPTS = 5;

async function existingOrder(tx: Tx, sessionId: string): Promise<FulfilResult | null> {
  const [row] = await tx
    .select({ orderId: orders.id, invoiceId: orders.invoiceId })
    .from(orders)
    .where(eq(orders.checkoutSessionId, sessionId));
  return row ? { ...row, created: false } : null;
}

/** The signed-in member whose bag was paid for, if that member still exists. */
async function memberOfBag(tx: Tx, bagId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ memberId: members.id })
    .from(bags)
    .innerJoin(members, eq(members.id, bags.memberId))
    .where(eq(bags.id, bagId));
  return owner?.memberId ?? null;
}

/** Inserts the order under a new invoice id, taking another one when a code is already in use. */
async function insertOrder(
  tx: Tx,
  order: Omit<typeof orders.$inferInsert, "invoiceId">,
  newInvoiceId: () => string,
): Promise<string> {
  for (let attempt = 0; attempt < INVOICE_ID_ATTEMPTS; attempt++) {
    const invoiceId = newInvoiceId();
    const inserted = await tx
      .insert(orders)
      .values({ ...order, invoiceId })
      .onConflictDoNothing({ target: orders.invoiceId })
      .returning({ invoiceId: orders.invoiceId });
    if (inserted.length > 0) return invoiceId;
  }
  throw new Error(`No free invoice id after ${INVOICE_ID_ATTEMPTS} attempts`);
}

/**
 * Turns a paid checkout session into exactly one order. The provider is asked whether the session
 * is paid (a webhook is a pointer, not the truth); the session row is locked, and the database's
 * one-order-per-session index backs that up, so duplicate webhooks, replays and the redirect racing
 * the webhook all end with the same single order, one set of lines, one confirmation email and one
 * `order.paid` event (delivered to webhook endpoints by the job queue, never while the shopper waits),
 * and one referral when a friend's link brought the order (decision 045). `orderCode` makes invoice ids (tests give their own to force a repeat).
 */
export async function fulfilCheckout(
  ctx: OperationContext,
  input: { sessionId: string; event?: PaymentEvent; orderCode?: (at: Date) => string },
): Promise<FulfilResult | null> {
  const { sessionId, event } = input;
  const [known] = await ctx.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  const state = known ? await ctx.payments.retrieveSession(sessionId) : null;
  return ctx.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event))) return existingOrder(tx, sessionId);
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
    if (!session || !state?.paid) return null;
    // The session turns complete in the transaction that places its order, and only there.
    if (session.status === "complete") return existingOrder(tx, sessionId);
    const now = ctx.now();
    const orderRowId = randomUUID();
    // Before the promotion code: the session, its stock, then its code, the order every checkout step locks in.
    await takeCheckoutStock(ctx, tx, { sessionId: session.id, orderId: orderRowId, at: now });
    // Paid after it was closed (replaced by a newer checkout of its bag as the shopper paid): its hold was given back.
    if (session.status !== "open" && session.promotionCode) await retakePromotionUse(tx, session.promotionCode);

    const delivery = estimateDelivery(now);
    const memberId = await memberOfBag(tx, session.bagId);
    const customerId = await customerForOrder(tx, {
      shipping: session.shipping,
      memberId,
      stripeCustomerId: state.customerId,
      at: now,
    });
    const order = {
      id: orderRowId,
      orderId: `ord_${randomUUID().replaceAll("-", "")}`,
      checkoutSessionId: session.id,
      customerId,
      status: "paid" as const,
      email: session.shipping.email,
      mobile: session.shipping.mobile,
      env: ctx.settings.env,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      referralDiscountCents: session.referralDiscountCents,
      cardFingerprint: state.cardFingerprint,
      shippingCents: session.shippingCents,
      priceCents: session.totalCents,
      promotionCode: session.promotionCode,
      paidAt: now,
      deliveryStart: delivery.start,
      deliveryEnd: delivery.end,
    };
    const orderCode = input.orderCode ?? generateOrderCode;
    const invoiceId = await insertOrder(tx, order, () => orderCode(now));
    await tx.insert(orderLines).values(session.lines.map((line, position) => ({ ...line, orderId: order.id, position })));
    await recordReferral(tx, { ...order, memberId, shipping: session.shipping }, session, now);
    // A guest's bag has no points and no rewards to go with the order.
    if (memberId) {
      await creditPaidOrderToBagMember(tx, ctx.jobs, { order: { ...order, invoiceId }, bagId: session.bagId, at: now });
      await attachPendingRedeems(tx, { bagId: session.bagId, orderId: order.id, at: now });
    }
    await tx.update(checkoutSessions).set({ status: "complete", updatedAt: now }).where(eq(checkoutSessions.id, session.id));
    const boughtOptionIds = session.lines.map((line) => line.optionId);
    await tx.delete(bagLines).where(and(eq(bagLines.bagId, session.bagId), inArray(bagLines.optionId, boughtOptionIds)));
    await tx.update(bags).set({ promotionCode: null, updatedAt: now }).where(eq(bags.id, session.bagId));
    await queueOrderEmail(tx, ctx.jobs, order.id, "order-confirmation");
    await recordShopEvent(tx, ctx.jobs, {
      type: "order.paid",
      key: `order.paid:${order.id}`,
      data: {
        orderId: order.id,
        invoiceId,
        memberId,
        subtotalCents: order.subtotalCents,
        subtotal: fromCents(order.subtotalCents),
        discountCents: order.discountCents,
        discount: fromCents(order.discountCents),
        shippingCents: order.shippingCents,
        shipping: fromCents(order.shippingCents),
        totalCents: order.priceCents,
        total: fromCents(order.priceCents),
        promotionCode: order.promotionCode,
        paidAt: now.toISOString(),
      },
      at: now,
    });
    await tx.insert(orderAccessGrants).values({ holderId: session.bagId, orderId: order.id });
    return { orderId: order.id, invoiceId, created: true };
  });
}
