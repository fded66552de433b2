import { and, eq, inArray, isNull } from "drizzle-orm";
import { subscriptionCardChanges, subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { queueSubscriptionChangedEmail } from "../member-emails/kinds/subscription-changed.ts";
import type { OperationContext } from "../shared/context.ts";
import { itemOf } from "./subscription-item.ts";

/** What finishing a card change came to: the card now on the subscription, or why none changed. */
export type CardChangeResult =
  | { outcome: "changed" | "already_changed"; subscriptionId: string; cardBrand: string; cardLast4: string }
  | { outcome: "not_card_change" | "not_complete" };

/**
 * Puts the card a setup session saved on the subscription it was started for, once: the member's
 * return to the shop and the provider's checkout.session.completed webhook both call this, in any
 * order and as often as they come. The provider is asked whether the session completed (the return
 * URL and a webhook are pointers, not the truth). The subscription row is locked as every change
 * locks it, and the member is told by email.
 */
export async function completeCardChange(
  ctx: OperationContext,
  sessionId: string,
  /** Only a change of this subscription (the member's return names theirs). */
  of?: { subscriptionId: string },
): Promise<CardChangeResult> {
  const [known] = await ctx.db
    .select({ subscriptionId: subscriptionCardChanges.subscriptionId })
    .from(subscriptionCardChanges)
    .where(eq(subscriptionCardChanges.sessionId, sessionId));
  if (!known || (of && of.subscriptionId !== known.subscriptionId)) return { outcome: "not_card_change" };
  const state = await ctx.payments.retrieveSession(sessionId);
  const saved = state?.status === "complete" ? state.savedCard : null;
  if (!saved) return { outcome: "not_complete" };
  const now = ctx.now();
  const index = await ctx.catalog.index();
  return ctx.db.transaction(async (tx) => {
    // The subscription first, then its card change: the order the renewal and every change lock in.
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, known.subscriptionId)).for("update");
    const [change] = await tx
      .select()
      .from(subscriptionCardChanges)
      .where(eq(subscriptionCardChanges.sessionId, sessionId))
      .for("update");
    if (!subscription || !change) return { outcome: "not_card_change" } as const;
    if (change.completedAt) {
      return {
        outcome: "already_changed",
        subscriptionId: subscription.id,
        cardBrand: subscription.cardBrand,
        cardLast4: subscription.cardLast4,
      } as const;
    }
    const card = { cardBrand: saved.brand, cardLast4: saved.last4 };
    // Stopped by failed payments: the new card starts it again, its unpaid box tried at the next run.
    const restarts = subscription.status === "payment_failed";
    await tx
      .update(subscriptions)
      .set({
        providerCustomerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
        ...card,
        ...(restarts ? { status: "active" as const } : {}),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscription.id));
    if (restarts) {
      await tx
        .update(subscriptionRenewals)
        .set({ retryAt: now, updatedAt: now })
        .where(
          and(
            eq(subscriptionRenewals.subscriptionId, subscription.id),
            eq(subscriptionRenewals.dueOn, subscription.nextRenewalOn),
            inArray(subscriptionRenewals.outcome, ["declined", "needs_authentication"]),
            isNull(subscriptionRenewals.orderId),
          ),
        );
    }
    await tx
      .update(subscriptionCardChanges)
      .set({ completedAt: now, updatedAt: now })
      .where(eq(subscriptionCardChanges.sessionId, sessionId));
    await queueSubscriptionChangedEmail(tx, ctx.jobs, {
      memberId: subscription.memberId,
      subscriptionId: subscription.id,
      changeKey: `card:${sessionId}`,
      item: itemOf(index, subscription),
      change: restarts
        ? `Your subscription is running again: the box it could not charge is charged to your ${saved.brand} card ending ${saved.last4} shortly.`
        : `Your boxes are now charged to your ${saved.brand} card ending ${saved.last4}.`,
      next: null,
    });
    return { outcome: "changed", subscriptionId: subscription.id, ...card } as const;
  });
}
