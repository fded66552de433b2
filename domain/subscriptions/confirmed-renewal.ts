import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { checkoutSessions } from "../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import type { PaymentSessionState } from "../../integrations/payments/payment-provider.ts";
import { orderPlacedUnder, type PlacedOrder } from "../orders/place-order.ts";
import type { OperationContext } from "../shared/context.ts";
import { recordRenewalPaid, renewalOrderKey } from "./renewal-paid.ts";

/**
 * A renewal's payment the card holder confirmed on the page they were emailed (its charge needed
 * them), reported paid through the ordinary checkout fulfilment, in its transaction with the session
 * locked: the renewal's order placed once under the renewal's key, however often it is reported.
 * The card they confirmed is the one kept for the next renewals, and a subscription stopped by this
 * date's failed payments renews again. Null for a session that is no renewal's.
 */
export async function completeConfirmedRenewal(
  ctx: OperationContext,
  tx: Tx,
  input: { session: typeof checkoutSessions.$inferSelect; state: PaymentSessionState },
): Promise<PlacedOrder | null> {
  const { session, state } = input;
  const [owner] = await tx
    .select({ subscriptionId: subscriptionRenewals.subscriptionId })
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.checkoutSessionId, session.id));
  if (!owner) return null;
  // The subscription first, then its renewal: the order a renewal run locks them in.
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, owner.subscriptionId)).for("update");
  const [renewal] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.checkoutSessionId, session.id))
    .for("update");
  if (!subscription || !renewal) return null;
  if (renewal.outcome !== "needs_authentication") {
    if (renewal.outcome !== "paid") {
      ctx.log.error({ sessionId: session.id, renewalId: renewal.id }, "renewals: a confirmed payment's renewal had moved on");
    }
    return orderPlacedUnder(tx, renewalOrderKey(subscription.id, renewal.dueOn));
  }
  const placed = await recordRenewalPaid(ctx, tx, {
    subscription,
    renewal,
    session,
    payment: {
      paymentIntentId: state.paymentIntentId,
      providerCustomerId: state.customerId,
      cardFingerprint: state.cardFingerprint,
    },
  });
  const card = state.savedCard;
  await tx
    .update(subscriptions)
    .set({
      ...(card && {
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
      }),
      status: subscription.status === "payment_failed" ? "active" : subscription.status,
      updatedAt: ctx.now(),
    })
    .where(eq(subscriptions.id, subscription.id));
  return placed;
}
