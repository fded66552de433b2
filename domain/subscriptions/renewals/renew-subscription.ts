import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { checkoutSessions } from "../../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import type { SavedCardCharge } from "../../../integrations/payments/payment-provider.ts";
import { placeOrder } from "../../orders/place-order.ts";
import type { OperationContext } from "../../shared/context.ts";
import { releaseCheckoutStock } from "../../stock/checkout-stock.ts";
import { type ClaimedRenewal, claimRenewal, nextRenewalAfter, renewalGoods, type UnclaimedRenewal } from "./claim-renewal.ts";

/** What one subscription's renewal run came to. */
export type RenewalRun = SavedCardCharge["outcome"] | UnclaimedRenewal;

/** The order key of a subscription's renewal on a date: one order per subscription and date. */
export const renewalOrderKey = (subscriptionId: string, dueOn: string) => `renewal:${subscriptionId}:${dueOn}`;

/** The provider's idempotency key of one charge attempt: asking again with it never charges again. */
export const renewalChargeKey = (subscriptionId: string, dueOn: string, attempt: number) =>
  `renewal:${subscriptionId}:${dueOn}:${attempt}`;

/**
 * Renews one due subscription exactly once for its date (decision 055): claims it (a short
 * transaction: lock, renewal row, priced session holding the stock), charges the kept card off-session
 * outside any transaction under the attempt's idempotency key, then settles in a second transaction:
 * paid places the order through placeOrder under the renewal's key and moves the next date on by the
 * cadence; declined or needing the card holder records the outcome and gives the stock back. A run
 * that dies between the charge and the settling leaves the attempt claimed; the run that takes it over
 * asks the provider again with the same key and gets the same charge.
 */
export async function renewSubscription(ctx: OperationContext, subscriptionId: string): Promise<RenewalRun> {
  const [current] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!current) return "not_due";
  const goods = await renewalGoods(ctx, current);
  const claimed = await ctx.db.transaction((tx) => claimRenewal(ctx, tx, subscriptionId, goods));
  if (typeof claimed === "string") return claimed;
  const { subscription, dueOn, attempt } = claimed;
  const charge = await ctx.payments.chargeSavedCard({
    customerId: subscription.providerCustomerId,
    paymentMethodId: subscription.paymentMethodId,
    amountCents: claimed.amountCents,
    description: `${ctx.settings.brandName} subscription renewal`,
    idempotencyKey: renewalChargeKey(subscription.id, dueOn, attempt),
    metadata: { subscriptionId: subscription.id, dueOn, attempt: String(attempt), sessionId: claimed.sessionId },
  });
  await ctx.db.transaction((tx) => settleRenewal(ctx, tx, claimed, charge));
  return charge.outcome;
}

/** The charge's outcome written once: a renewal already settled (another run got there) is left as it is. */
async function settleRenewal(ctx: OperationContext, tx: Tx, claimed: ClaimedRenewal, charge: SavedCardCharge): Promise<void> {
  const now = ctx.now();
  const { subscription, dueOn, sessionId } = claimed;
  // The subscription first, then its renewal: the order a claim locks them in.
  await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, subscription.id)).for("update");
  const [renewal] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.id, claimed.renewalId))
    .for("update");
  if (renewal?.outcome !== "charging" || renewal.checkoutSessionId !== sessionId) return;
  const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session) throw new Error(`Renewal session ${sessionId} vanished`);
  const settled = { claimedUntil: null, paymentIntentId: charge.paymentIntentId, updatedAt: now };
  if (charge.outcome !== "paid") {
    await releaseCheckoutStock(tx, { sessionIds: [sessionId], at: now });
    const failureReason =
      charge.outcome === "declined" ? charge.reason : "The bank asked the card holder to confirm the payment.";
    await tx
      .update(checkoutSessions)
      .set({ status: "failed", failureMessage: failureReason, updatedAt: now })
      .where(eq(checkoutSessions.id, sessionId));
    await tx
      .update(subscriptionRenewals)
      .set({ ...settled, outcome: charge.outcome, failureReason })
      .where(eq(subscriptionRenewals.id, renewal.id));
    return;
  }
  const placed = await placeOrder(ctx, tx, {
    idempotencyKey: renewalOrderKey(subscription.id, dueOn),
    lines: session.lines,
    adjustments: session.adjustments,
    shippingCents: session.shippingCents,
    customer: { details: session.shipping, memberId: subscription.memberId, deviceId: null },
    payment: {
      sessionId,
      paymentIntentId: charge.paymentIntentId,
      amountCents: session.totalCents,
      providerCustomerId: subscription.providerCustomerId,
      cardFingerprint: null,
    },
    at: now,
  });
  await tx.update(checkoutSessions).set({ status: "complete", updatedAt: now }).where(eq(checkoutSessions.id, sessionId));
  await tx
    .update(subscriptionRenewals)
    .set({ ...settled, outcome: "paid", orderId: placed.orderId })
    .where(eq(subscriptionRenewals.id, renewal.id));
  // A date the member moved meanwhile is theirs to keep.
  await tx
    .update(subscriptions)
    .set({ nextRenewalOn: nextRenewalAfter(dueOn, subscription.cadenceWeeks), updatedAt: now })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.nextRenewalOn, dueOn)));
}
