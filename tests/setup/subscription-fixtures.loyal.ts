import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { testPaymentMethods } from "../../db/schema/test-payments.ts";
import { DEFAULT_SUBSCRIPTION_OFFER } from "../../kernel/subscription-terms.ts";
import { insertPaidOrder } from "./loyalty-fixtures.ts";
import { LUNA } from "./subscription-fixtures.ts";

/** The test card every renewal of these subscriptions is charged to, paying each time. */
const PAYING_CARD = { cardNumber: "4242424242424242", brand: "visa", last4: "4242" };

/**
 * A member's active subscription due on `dueOn` (a Singapore date), as signing up leaves it: the
 * test provider keeping a card that pays, a first order already placed. Rows inserted directly.
 */
export async function subscriptionDueOn(
  db: Database,
  input: {
    memberId: string;
    dueOn: string;
    optionId?: string;
    quantity?: number;
    cadenceWeeks?: number;
    discountPercent?: number;
  },
) {
  const customerId = `cus_test_${randomUUID().slice(0, 12)}`;
  const paymentMethodId = `pm_test_${randomUUID().slice(0, 12)}`;
  await db.insert(testPaymentMethods).values({ id: paymentMethodId, customerId, ...PAYING_CARD });
  const first = await insertPaidOrder(db, { subtotalCents: 3900, memberId: input.memberId });
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      memberId: input.memberId,
      optionId: input.optionId ?? LUNA,
      quantity: input.quantity ?? 1,
      cadenceWeeks: input.cadenceWeeks ?? 4,
      nextRenewalOn: input.dueOn,
      shipping: {
        name: "Tan Mei Ling",
        email: first.email,
        mobile: first.mobile,
        address: "1 Orchard Road",
        postalCode: "238801",
        newsletter: false,
      },
      providerCustomerId: customerId,
      paymentMethodId,
      cardBrand: PAYING_CARD.brand,
      cardLast4: PAYING_CARD.last4,
      discountPercent: input.discountPercent ?? DEFAULT_SUBSCRIPTION_OFFER.discountPercent,
      firstOrderId: first.id,
    })
    .returning();
  if (!subscription) throw new Error("subscription insert returned nothing");
  return subscription;
}
