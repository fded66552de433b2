import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import type { RenewalOutcome, SubscriptionStatus } from "../../kernel/subscription-terms.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription row as subscribing leaves it (a test card kept by the test provider), with what the test gives. */
export async function insertSubscription(
  db: Database,
  input: {
    memberId: string;
    optionId: string;
    firstOrderId: string;
    nextRenewalOn: string;
    cadenceWeeks?: number;
    quantity?: number;
    status?: SubscriptionStatus;
    createdAt?: Date;
    cancelledAt?: Date;
    cancelReason?: string;
  },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      quantity: 1,
      cadenceWeeks: 4,
      discountPercent: 15,
      shipping: {
        name: "Tan Mei Ling",
        email: "mei.ling@example.com",
        mobile: "+6591234567",
        address: "1 Orchard Road",
        postalCode: "238801",
        newsletter: false,
      },
      providerCustomerId: "cus_test",
      paymentMethodId: "pm_test",
      cardBrand: "visa",
      cardLast4: "4242",
      ...input,
    })
    .returning();
  if (!row) throw new Error("subscription insert returned nothing");
  return row;
}

/** One renewal date of a subscription, in the state the renewal job leaves it. */
export async function insertRenewal(
  db: Database,
  input: {
    subscriptionId: string;
    dueOn: string;
    outcome: RenewalOutcome;
    attempts?: number;
    orderId?: string;
    failureReason?: string;
  },
): Promise<void> {
  await db.insert(subscriptionRenewals).values({ id: randomUUID(), attempts: 1, ...input });
}
