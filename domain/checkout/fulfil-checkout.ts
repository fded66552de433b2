import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bagLines, bags } from "../../db/schema/bags.ts";
import {
  checkoutSessions,
  customers,
  emailOutbox,
  orderAccessGrants,
  orderLines,
  orders,
  paymentEvents,
} from "../../db/schema/orders.ts";
import type { PaymentEvent, PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { estimateDelivery } from "../delivery/delivery-estimate.ts";
import { creditPaidOrderToBagMember } from "../loyalty/order-points.ts";
import { attachPendingRedeems } from "../loyalty/redeems/attach-pending-redeems.ts";
import { generateOrderCode } from "../orders/order-code.ts";
import { releasePromotionUse } from "./start-checkout.ts";

export type FulfilDeps = { db: Database; payments: PaymentProvider; env: string; now?: () => Date };
export type FulfilResult = { orderId: string; invoiceId: string; created: boolean };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Returns true when this event id is new; the insert commits with whatever the event changes. */
async function recordEvent(tx: Tx, event: PaymentEvent | undefined): Promise<boolean> {
  if (!event) return true;
  const inserted = await tx
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, sessionId: event.sessionId })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

async function existingOrder(tx: Tx, sessionId: string): Promise<FulfilResult | null> {
  const [row] = await tx
    .select({ orderId: orders.id, invoiceId: orders.invoiceId })
    .from(orders)
    .where(eq(orders.checkoutSessionId, sessionId));
  return row ? { ...row, created: false } : null;
}

/**
 * Turns a paid checkout session into exactly one order. The provider is asked whether the session
 * is paid (a webhook is a pointer, not the truth); the session row is locked, and the database's
 * one-order-per-session index backs that up, so duplicate webhooks, replays and the redirect racing
 * the webhook all end with the same single order, one set of lines and one confirmation email.
 */
export async function fulfilCheckout(deps: FulfilDeps, sessionId: string, event?: PaymentEvent): Promise<FulfilResult | null> {
  const state = await deps.payments.retrieveSession(sessionId);
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return existingOrder(tx, sessionId);
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
    if (!session || !state?.paid) return null;
    const already = await existingOrder(tx, sessionId);
    if (already) return already;

    const now = deps.now?.() ?? new Date();
    const delivery = estimateDelivery(now);
    const customerId = await upsertCustomer(tx, session.shipping, now, state.customerId);
    const order = {
      id: randomUUID(),
      orderId: `ord_${randomUUID().replaceAll("-", "")}`,
      invoiceId: generateOrderCode(now),
      checkoutSessionId: session.id,
      customerId,
      status: "paid" as const,
      email: session.shipping.email,
      mobile: session.shipping.mobile,
      env: deps.env,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      shippingCents: session.shippingCents,
      priceCents: session.totalCents,
      promotionCode: session.promotionCode,
      paidAt: now,
      deliveryStart: delivery.start,
      deliveryEnd: delivery.end,
    };
    await tx.insert(orders).values(order);
    await tx.insert(orderLines).values(session.lines.map((line, position) => ({ ...line, orderId: order.id, position })));
    await creditPaidOrderToBagMember(tx, { order, bagId: session.bagId, at: now });
    await attachPendingRedeems(tx, { bagId: session.bagId, orderId: order.id, at: now });
    await tx.update(checkoutSessions).set({ status: "complete", updatedAt: now }).where(eq(checkoutSessions.id, session.id));
    const boughtOptionIds = session.lines.map((line) => line.optionId);
    await tx.delete(bagLines).where(and(eq(bagLines.bagId, session.bagId), inArray(bagLines.optionId, boughtOptionIds)));
    await tx.update(bags).set({ promotionCode: null, updatedAt: now }).where(eq(bags.id, session.bagId));
    await tx.insert(emailOutbox).values({ id: randomUUID(), orderId: order.id, kind: "order-confirmation" });
    await tx.insert(orderAccessGrants).values({ holderId: session.bagId, orderId: order.id });
    return { orderId: order.id, invoiceId: order.invoiceId, created: true };
  });
}

async function upsertCustomer(
  tx: Tx,
  shipping: typeof checkoutSessions.$inferSelect.shipping,
  now: Date,
  stripeCustomerId: string | null,
): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values({
      id: randomUUID(),
      email: shipping.email,
      name: shipping.name,
      mobile: shipping.mobile,
      address: shipping.address,
      postalCode: shipping.postalCode,
      firstPurchasedOn: now,
      customerStripeId: stripeCustomerId,
      hasSignedNewsLetter: shipping.newsletter,
      isSubscribe: shipping.newsletter,
      purchaseCount: 1,
    })
    .onConflictDoUpdate({
      target: customers.email,
      set: {
        name: shipping.name,
        mobile: shipping.mobile,
        address: shipping.address,
        postalCode: shipping.postalCode,
        purchaseCount: sql`${customers.purchaseCount} + 1`,
        firstPurchasedOn: sql`coalesce(${customers.firstPurchasedOn}, excluded.first_purchased_on)`,
        customerStripeId: sql`coalesce(excluded.customer_stripe_id, ${customers.customerStripeId})`,
        hasSignedNewsLetter: sql`${customers.hasSignedNewsLetter} or excluded.has_signed_newsletter`,
        isSubscribe: sql`${customers.isSubscribe} or excluded.is_subscribe`,
        ver: sql`${customers.ver} + 1`,
        updatedAt: now,
      },
    })
    .returning({ id: customers.id });
  if (!row) throw new Error("customer upsert returned no row");
  return row.id;
}

/** A payment that failed or a session that expired: no order, the bag stays, the promotion use is released. */
export async function closeCheckout(
  deps: Pick<FulfilDeps, "db">,
  sessionId: string,
  status: "failed" | "expired",
  event?: PaymentEvent,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return;
    const closed = await tx
      .update(checkoutSessions)
      .set({ status, failureMessage: status === "failed" ? "The payment did not go through." : null, updatedAt: new Date() })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
      .returning({ promotionCode: checkoutSessions.promotionCode });
    const code = closed[0]?.promotionCode;
    if (code) await releasePromotionUse(tx, code);
  });
}
