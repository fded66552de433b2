import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import type { CheckoutLine, ShippingDetails } from "../../db/schema/checkout.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import type { SavedCard } from "../../integrations/payments/payment-provider.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import type { JobQueue } from "../shared/job-queue.ts";
import { recordSubscriptionCreated } from "./subscription-events.ts";

/**
 * Starts a subscription for each subscribed line of a paid checkout, in the transaction that places
 * its first order: the member's, shipping where the order did, charged later to the card the
 * provider kept, at the discount the line was sold with; the first renewal falls one cadence after
 * today, each told as `subscription.created`. Returns how many were started.
 */
export async function startSubscriptions(
  tx: Tx,
  jobs: JobQueue,
  input: {
    memberId: string;
    lines: CheckoutLine[];
    shipping: ShippingDetails;
    savedCard: SavedCard;
    firstOrderId: string;
    at: Date;
  },
): Promise<number> {
  const { savedCard, at } = input;
  const rows = input.lines.flatMap(({ optionId, quantity, subscription }) =>
    subscription
      ? [
          {
            id: randomUUID(),
            memberId: input.memberId,
            optionId,
            quantity,
            cadenceWeeks: subscription.cadenceWeeks,
            discountPercent: subscription.discountPercent,
            nextRenewalOn: addDaysToDate(singaporeDate(at), subscription.cadenceWeeks * 7),
            shipping: input.shipping,
            providerCustomerId: savedCard.customerId,
            paymentMethodId: savedCard.paymentMethodId,
            cardBrand: savedCard.brand,
            cardLast4: savedCard.last4,
            firstOrderId: input.firstOrderId,
            createdAt: at,
            updatedAt: at,
          },
        ]
      : [],
  );
  if (rows.length === 0) return 0;
  const started = await tx.insert(subscriptions).values(rows).returning();
  for (const subscription of started) await recordSubscriptionCreated(tx, jobs, subscription, at);
  return started.length;
}
