import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { members } from "../../db/schema/members.ts";
import { orderAccessGrants } from "../../db/schema/orders.ts";
import type { PaymentEvent, PaymentSessionState } from "../../integrations/payments/payment-provider.ts";
import { UNKNOWN_CARD } from "../../kernel/payment-methods.ts";
import { orderPlacedUnder, type PlacedOrder, placeOrder } from "../orders/place-order.ts";
import { retakePromotionUse } from "../promotions/promotion-hold.ts";
import type { OperationContext } from "../shared/context.ts";
import { completeConfirmedRenewal } from "../subscriptions/confirmed-renewal.ts";
import { startSubscriptions } from "../subscriptions/start-subscriptions.ts";
import { recordPaymentEvent } from "./payment-event-log.ts";

export type FulfilResult = PlacedOrder;

type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** A checkout's order is placed under its payment session's id: one order per session. */
const checkoutOrderKey = (sessionId: string) => `checkout:${sessionId}`;

/** The signed-in member whose bag was paid for, if that member still exists. */
async function memberOfBag(tx: Tx, bagId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ memberId: members.id })
    .from(bags)
    .innerJoin(members, eq(members.id, bags.memberId))
    .where(eq(bags.id, bagId));
  return owner?.memberId ?? null;
}

/**
 * Turns a paid checkout session into exactly one order, placed by placeOrder under the session's key.
 * The provider is asked whether the session is paid (a webhook is a pointer, not the truth); the
 * session row is locked, so duplicate webhooks, replays and the redirect racing the webhook all end
 * with the same single order (decision 004). What is the checkout's stays here: the session turns
 * complete, its promotion use is counted again when its hold was given back, the bought lines leave
 * the bag, the browser that bought the order may see it, and its subscribed lines start subscriptions. `orderCode` makes invoice ids (tests give their own to force a repeat).
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
    if (!(await recordPaymentEvent(tx, event))) return orderPlacedUnder(tx, checkoutOrderKey(sessionId));
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
    if (!session || !state?.paid) return null;
    // A session with no bag is a renewal's: paid here only when its card holder confirmed the charge.
    if (!session.bagId) return completeConfirmedRenewal(ctx, tx, { session, state });
    // The session turns complete in the transaction that places its order, and only there.
    if (session.status === "complete") return orderPlacedUnder(tx, checkoutOrderKey(sessionId));
    const now = ctx.now();
    const memberId = await memberOfBag(tx, session.bagId);
    const placed = await placeSessionOrder(ctx, tx, { session, memberId, state, now, orderCode: input.orderCode });
    if (!placed.created) return placed;
    // After its stock: the session, its stock, then its code, the order every checkout step locks in.
    // Paid after it was closed (replaced by a newer checkout of its bag as the shopper paid): its hold was given back.
    if (session.status !== "open" && session.promotionCode) await retakePromotionUse(tx, session.promotionCode);
    await tx.update(checkoutSessions).set({ status: "complete", updatedAt: now }).where(eq(checkoutSessions.id, session.id));
    const boughtOptionIds = session.lines.map((line) => line.optionId);
    await tx.delete(bagLines).where(and(eq(bagLines.bagId, session.bagId), inArray(bagLines.optionId, boughtOptionIds)));
    await tx.update(bags).set({ promotionCode: null, updatedAt: now }).where(eq(bags.id, session.bagId));
    await tx.insert(orderAccessGrants).values({ holderId: session.bagId, orderId: placed.orderId });
    // Checkout asked for a member and a kept card whenever a line is subscribed.
    if (memberId && state.savedCard) {
      const { lines, shipping } = session;
      await startSubscriptions(tx, ctx.jobs, {
        memberId,
        lines,
        shipping,
        savedCard: state.savedCard,
        firstOrderId: placed.orderId,
        at: now,
      });
    }
    return placed;
  });
}

/** The session's priced snapshot, its shopper and its payment, placed as an order. */
async function placeSessionOrder(
  ctx: OperationContext,
  tx: Tx,
  input: {
    session: CheckoutSession;
    memberId: string | null;
    state: PaymentSessionState;
    now: Date;
    orderCode?: (at: Date) => string;
  },
): Promise<PlacedOrder> {
  const { session, state } = input;
  return placeOrder(ctx, tx, {
    idempotencyKey: checkoutOrderKey(session.id),
    lines: session.lines,
    adjustments: session.adjustments,
    shippingCents: session.shippingCents,
    delivery: session.delivery,
    customer: { details: session.shipping, memberId: input.memberId, deviceId: session.deviceId },
    payment: {
      sessionId: session.id,
      paymentIntentId: null,
      amountCents: session.totalCents,
      providerCustomerId: state.customerId,
      cardFingerprint: state.cardFingerprint,
      // A provider that says nothing of the method was paid by card, the one method it always takes.
      paidWith: state.paidWith ?? UNKNOWN_CARD,
    },
    at: input.now,
    orderCode: input.orderCode,
  });
}
