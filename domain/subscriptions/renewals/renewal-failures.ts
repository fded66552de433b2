import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { checkoutSessions } from "../../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import type { CreatedPaymentSession, SavedCardCharge } from "../../../integrations/payments/payment-provider.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import { loadSubscriptionOffer } from "../../catalog/subscription-offer.ts";
import { EXPIRY_JOB_RETRY } from "../../checkout/expire-checkout-session.ts";
import { saveCardConsent } from "../../checkout/subscription-consent.ts";
import { queueRenewalAuthenticationEmail } from "../../member-emails/kinds/renewal-authentication.ts";
import { queueRenewalDeclinedEmail } from "../../member-emails/kinds/renewal-declined.ts";
import type { OperationContext } from "../../shared/context.ts";
import { handOverCheckoutStock, releaseCheckoutStock } from "../../stock/checkout-stock.ts";
import { alertPaymentFailed } from "../payment-failed-alert.ts";
import { recordSubscriptionPaymentFailed } from "../subscription-events.ts";
import type { ClaimedRenewal } from "./claim-renewal.ts";

type Subscription = typeof subscriptions.$inferSelect;
type Renewal = typeof subscriptionRenewals.$inferSelect;
type CheckoutSession = typeof checkoutSessions.$inferSelect;
type Unpaid = Exclude<SavedCardCharge, { outcome: "paid" }>;

/** How long the card holder has to confirm a renewal's payment: under Stripe's 24 hours for a session. */
export const AUTHENTICATION_HOURS = 23;

const NEEDS_AUTHENTICATION = "The bank asked the card holder to confirm the payment.";

/** The renewal's own words for its box, as its order will show it. */
const itemOf = (session: CheckoutSession) =>
  session.lines.map((line) => `${lineDescription(line)} × ${line.quantity}`).join(", ");

/**
 * A charge that needs the card holder goes on in an ordinary payment session on the provider's page,
 * for the same amount, charging the same customer and keeping the card again. A run that dies before
 * settling leaves its session unrecorded and never emailed, and the provider lets it lapse.
 */
export async function openAuthenticationSession(ctx: OperationContext, claimed: ClaimedRenewal): Promise<CreatedPaymentSession> {
  const [session] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, claimed.sessionId));
  if (!session) throw new Error(`Renewal session ${claimed.sessionId} vanished`);
  const { subscription } = claimed;
  const { publicUrl } = ctx.settings;
  return ctx.payments.createSession({
    mode: "payment",
    customerId: subscription.providerCustomerId,
    saveCard: saveCardConsent(ctx.settings, [
      { totalCents: session.totalCents, cadenceWeeks: subscription.cadenceWeeks, item: itemOf(session) },
    ]),
    lines: session.lines.map((line) => ({
      name: lineDescription(line),
      unitAmountCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
    discountCents: session.discountCents,
    shippingCents: session.shippingCents,
    totalCents: session.totalCents,
    customerEmail: session.shipping.email,
    successUrl: `${publicUrl}/checkout/complete/{CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}/member/subscriptions`,
    lifetimeMinutes: AUTHENTICATION_HOURS * 60,
    idempotencyKey: randomUUID(),
  });
}

/**
 * A renewal's charge that did not go through, settled in the caller's transaction (rows locked):
 * tried again on the merchant's retry schedule (days after the first decline, each attempt with its
 * own key) with an email each time, or after the last retry the subscription stops as
 * payment_failed, the member is told, the admin alerted and subscription.payment_failed recorded.
 * A charge that needs the card holder hands its session's stock to the payment session they are
 * emailed, which the ordinary checkout fulfilment completes; no retry starts while it is open.
 */
export async function settleUnpaidRenewal(
  ctx: OperationContext,
  tx: Tx,
  input: {
    subscription: Subscription;
    renewal: Renewal;
    session: CheckoutSession;
    charge: Unpaid;
    authentication: CreatedPaymentSession | null;
  },
): Promise<void> {
  const now = ctx.now();
  const { subscription, renewal, session, charge, authentication } = input;
  const failureReason = charge.outcome === "declined" ? charge.reason : NEEDS_AUTHENTICATION;
  const firstDeclinedAt = renewal.firstDeclinedAt ?? now;
  const { retryDays } = await loadSubscriptionOffer(tx);
  const retryDay = retryDays[renewal.attempts - 1];
  const retryAt = retryDay === undefined ? null : new Date(firstDeclinedAt.getTime() + retryDay * DAY_MS);
  await tx
    .update(checkoutSessions)
    .set({ status: "failed", failureMessage: failureReason, updatedAt: now })
    .where(eq(checkoutSessions.id, session.id));
  const about = {
    memberId: subscription.memberId,
    subscriptionId: subscription.id,
    attempt: renewal.attempts,
  };
  const told = { item: itemOf(session), dueOn: renewal.dueOn, amountCents: session.totalCents };
  if (authentication) {
    await tx.insert(checkoutSessions).values({
      ...session,
      id: authentication.id,
      provider: ctx.payments.name,
      status: "open",
      failureMessage: null,
      expiresAt: authentication.expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await handOverCheckoutStock(tx, { from: session.id, to: authentication.id, at: now });
    await ctx.jobs.send(
      "expire-checkout-session",
      { sessionId: authentication.id },
      { tx, startAfter: authentication.expiresAt, ...EXPIRY_JOB_RETRY },
    );
    await queueRenewalAuthenticationEmail(tx, ctx.jobs, {
      ...about,
      data: { ...told, payUrl: authentication.url, payBy: authentication.expiresAt.toISOString() },
    });
  } else {
    await releaseCheckoutStock(tx, { sessionIds: [session.id], at: now });
    await queueRenewalDeclinedEmail(tx, ctx.jobs, {
      ...about,
      data: { ...told, cardLast4: subscription.cardLast4, reason: failureReason, retryAt: retryAt?.toISOString() ?? null },
    });
  }
  await tx
    .update(subscriptionRenewals)
    .set({
      outcome: charge.outcome,
      checkoutSessionId: authentication?.id ?? session.id,
      paymentIntentId: charge.paymentIntentId,
      failureReason,
      firstDeclinedAt,
      retryAt,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(eq(subscriptionRenewals.id, renewal.id));
  if (retryAt) return;
  await tx.update(subscriptions).set({ status: "payment_failed", updatedAt: now }).where(eq(subscriptions.id, subscription.id));
  const failed = { subscription, dueOn: renewal.dueOn, attempts: renewal.attempts, reason: failureReason };
  await recordSubscriptionPaymentFailed(tx, ctx.jobs, failed, now);
  await alertPaymentFailed(ctx, tx, {
    subscriptionId: subscription.id,
    ...told,
    attempts: renewal.attempts,
    reason: failureReason,
  });
}
