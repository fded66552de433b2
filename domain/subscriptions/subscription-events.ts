import type { Tx } from "../../db/client.ts";
import type { subscriptions } from "../../db/schema/subscriptions.ts";
import { recordShopEvent } from "../events/record-shop-event.ts";
import type { JobQueue } from "../shared/job-queue.ts";

type Subscription = typeof subscriptions.$inferSelect;

/** subscription.created, in the transaction that starts the subscription: once per subscription. */
export function recordSubscriptionCreated(tx: Tx, jobs: JobQueue, subscription: Subscription, at: Date): Promise<string | null> {
  return recordShopEvent(tx, jobs, {
    type: "subscription.created",
    key: `subscription.created:${subscription.id}`,
    data: {
      subscriptionId: subscription.id,
      memberId: subscription.memberId,
      optionId: subscription.optionId,
      quantity: subscription.quantity,
      cadenceWeeks: subscription.cadenceWeeks,
      discountPercent: subscription.discountPercent,
      firstOrderId: subscription.firstOrderId,
      nextRenewalOn: subscription.nextRenewalOn,
      createdAt: at.toISOString(),
    },
    at,
  });
}

/** subscription.payment_failed, when the last retry of a date fails: once per subscription and date. */
export function recordSubscriptionPaymentFailed(
  tx: Tx,
  jobs: JobQueue,
  failed: { subscription: Subscription; dueOn: string; attempts: number; reason: string },
  at: Date,
): Promise<string | null> {
  const { subscription, dueOn } = failed;
  return recordShopEvent(tx, jobs, {
    type: "subscription.payment_failed",
    key: `subscription.payment_failed:${subscription.id}:${dueOn}`,
    data: {
      subscriptionId: subscription.id,
      memberId: subscription.memberId,
      dueOn,
      attempts: failed.attempts,
      reason: failed.reason,
      failedAt: at.toISOString(),
    },
    at,
  });
}
