import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { fromCents } from "../../kernel/money.ts";
import { addDaysToDate } from "../../kernel/singapore-time.ts";
import { recordShopEvent } from "../events/record-shop-event.ts";
import { type PaymentReference, type PlacedOrder, placeOrder } from "../orders/place-order.ts";
import type { OperationContext } from "../shared/context.ts";

type Subscription = typeof subscriptions.$inferSelect;
type Renewal = typeof subscriptionRenewals.$inferSelect;
type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** The order key of a subscription's renewal on a date: one order per subscription and date, whichever way it is paid. */
export const renewalOrderKey = (subscriptionId: string, dueOn: string) => `renewal:${subscriptionId}:${dueOn}`;

/** The date after `date` by the subscription's cadence. */
export const nextRenewalAfter = (date: string, cadenceWeeks: number) => addDaysToDate(date, cadenceWeeks * 7);

/**
 * A renewal's payment went through (charged off-session by the renewal run, or paid by the card
 * holder on the page its authentication link opens): its order placed from its session under the
 * renewal's key, the session complete, the renewal paid, the next date moved on by the cadence
 * (a date the member moved meanwhile is theirs to keep) and subscription.renewed recorded, in the
 * caller's transaction, which holds the subscription and renewal rows locked.
 */
export async function recordRenewalPaid(
  ctx: OperationContext,
  tx: Tx,
  input: {
    subscription: Subscription;
    renewal: Renewal;
    session: CheckoutSession;
    payment: Omit<PaymentReference, "sessionId" | "amountCents" | "paidWith">;
  },
): Promise<PlacedOrder> {
  const now = ctx.now();
  const { subscription, renewal, session } = input;
  const placed = await placeOrder(ctx, tx, {
    idempotencyKey: renewalOrderKey(subscription.id, renewal.dueOn),
    lines: session.lines,
    adjustments: session.adjustments,
    shippingCents: session.shippingCents,
    delivery: session.delivery,
    customer: { details: session.shipping, memberId: subscription.memberId, deviceId: null },
    renewal: { subscriptionId: subscription.id, dueOn: renewal.dueOn },
    payment: {
      ...input.payment,
      sessionId: session.id,
      amountCents: session.totalCents,
      // A renewal is always charged to the subscription's kept card.
      paidWith: { method: "card", cardBrand: subscription.cardBrand, cardLast4: subscription.cardLast4, wallet: null },
    },
    at: now,
  });
  await tx.update(checkoutSessions).set({ status: "complete", updatedAt: now }).where(eq(checkoutSessions.id, session.id));
  await tx
    .update(subscriptionRenewals)
    .set({
      outcome: "paid",
      orderId: placed.orderId,
      paymentIntentId: input.payment.paymentIntentId,
      claimedUntil: null,
      retryAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptionRenewals.id, renewal.id));
  const nextRenewalOn = nextRenewalAfter(renewal.dueOn, subscription.cadenceWeeks);
  const [moved] = await tx
    .update(subscriptions)
    .set({ nextRenewalOn, updatedAt: now })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.nextRenewalOn, renewal.dueOn)))
    .returning({ id: subscriptions.id });
  await recordShopEvent(tx, ctx.jobs, {
    type: "subscription.renewed",
    key: `subscription.renewed:${subscription.id}:${renewal.dueOn}`,
    data: {
      subscriptionId: subscription.id,
      memberId: subscription.memberId,
      orderId: placed.orderId,
      invoiceId: placed.invoiceId,
      dueOn: renewal.dueOn,
      nextRenewalOn: moved ? nextRenewalOn : subscription.nextRenewalOn,
      totalCents: session.totalCents,
      total: fromCents(session.totalCents),
      renewedAt: now.toISOString(),
    },
    at: now,
  });
  return placed;
}
