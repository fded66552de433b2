import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { checkoutSessions } from "../../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import type { CreatedPaymentSession, SavedCardCharge } from "../../../integrations/payments/payment-provider.ts";
import type { OperationContext } from "../../shared/context.ts";
import { recordRenewalPaid } from "../renewal-paid.ts";
import { type ClaimedRenewal, claimRenewal, renewalGoods, type UnclaimedRenewal } from "./claim-renewal.ts";
import { openAuthenticationSession, settleUnpaidRenewal } from "./renewal-failures.ts";

/** What one subscription's renewal run came to. */
export type RenewalRun = SavedCardCharge["outcome"] | UnclaimedRenewal;

/** The provider's idempotency key of one charge attempt: asking again with it never charges again. */
export const renewalChargeKey = (subscriptionId: string, dueOn: string, attempt: number) =>
  `renewal:${subscriptionId}:${dueOn}:${attempt}`;

/**
 * Renews one due subscription exactly once for its date (decision 055): claims it (a short
 * transaction: lock, renewal row, priced session holding the stock), charges the kept card off-session
 * outside any transaction under the attempt's idempotency key, then settles in a second transaction:
 * paid places the order through placeOrder under the renewal's key and moves the next date on by the
 * cadence (renewal-paid.ts); declined waits for its retry, and needing the card holder goes on in a
 * payment session they are emailed (renewal-failures.ts). A run
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
  // Asked before the settling transaction (never call a provider holding locks); a session made by a run that then died is never shown to anyone.
  const authentication = charge.outcome === "needs_authentication" ? await openAuthenticationSession(ctx, claimed) : null;
  await ctx.db.transaction((tx) => settleRenewal(ctx, tx, claimed, charge, authentication));
  return charge.outcome;
}

/** The charge's outcome written once: a renewal already settled (another run got there) is left as it is. */
async function settleRenewal(
  ctx: OperationContext,
  tx: Tx,
  claimed: ClaimedRenewal,
  charge: SavedCardCharge,
  authentication: CreatedPaymentSession | null,
): Promise<void> {
  const { subscription, sessionId } = claimed;
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
  if (charge.outcome !== "paid") {
    await settleUnpaidRenewal(ctx, tx, { subscription, renewal, session, charge, authentication });
    return;
  }
  await recordRenewalPaid(ctx, tx, {
    subscription,
    renewal,
    session,
    payment: {
      paymentIntentId: charge.paymentIntentId,
      providerCustomerId: subscription.providerCustomerId,
      cardFingerprint: null,
    },
  });
}
