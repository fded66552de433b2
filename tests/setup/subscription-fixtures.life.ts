import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { singaporeDate } from "../../kernel/singapore-time.ts";
import { checkoutPorts } from "./checkout-fixtures.ts";
import { createMember, insertPaidOrder } from "./loyalty-fixtures.ts";
import { testContext } from "./operation-context.ts";
import type { RecordingPayments } from "./recording-payments.ts";

/** A Luna box, S$39, which the seeded shop has in stock. */
export const LUNA = "op-m8_ba-1b";

/** The test provider's cards (37-port): renews fine, declined off-session, needs the card holder off-session. */
export const CARDS = { renews: "4242 4242 4242 4242", declines: "4000 0000 0000 0341", authenticates: "4000 0027 6000 3184" };

/** A card kept by the test provider as a checkout that subscribes keeps it, paid with this test card. */
export async function keptCard(recording: RecordingPayments, cardNumber: string) {
  const { id } = await recording.payments.createSession({
    lines: [{ name: "Luna", unitAmountCents: 3900, quantity: 1 }],
    discountCents: 0,
    shippingCents: 0,
    totalCents: 3900,
    customerEmail: "mei@example.com",
    successUrl: "http://shop.test/checkout/complete/{CHECKOUT_SESSION_ID}",
    cancelUrl: "http://shop.test/bag",
    lifetimeMinutes: 30,
    idempotencyKey: randomUUID(),
    saveCard: { text: "S$33.15 every 4 weeks until you cancel." },
  });
  if (!(await recording.payments.pay(id, cardNumber)).ok) throw new Error(`${cardNumber} did not pay`);
  const card = (await recording.payments.retrieveSession(id))?.savedCard;
  if (!card) throw new Error("no card kept");
  return card;
}

/** A member's subscription to one Luna box every 4 weeks, due on the Singapore day of `dueAt`, charged to `cardNumber`. */
export async function dueSubscription(db: Database, recording: RecordingPayments, options: { dueAt: Date; cardNumber: string }) {
  const member = await createMember(db);
  const first = await insertPaidOrder(db, { subtotalCents: 3315, memberId: member.id, optionId: LUNA });
  const card = await keptCard(recording, options.cardNumber);
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      memberId: member.id,
      optionId: LUNA,
      quantity: 1,
      cadenceWeeks: 4,
      nextRenewalOn: singaporeDate(options.dueAt),
      shipping: {
        name: "Tan Mei Ling",
        email: member.email,
        mobile: "+6591234567",
        address: "1 Orchard Road",
        postalCode: "238801",
        newsletter: false,
      },
      providerCustomerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      cardBrand: card.brand,
      cardLast4: card.last4,
      discountPercent: 15,
      firstOrderId: first.id,
    })
    .returning();
  if (!subscription) throw new Error("no subscription");
  return subscription;
}

/** The renewal job's context at a moment the test sets, charging through the recording test provider. */
export function renewalRun(db: Database, recording: RecordingPayments, at: Date): OperationContext {
  return testContext(db, {
    now: () => at,
    viewer: { kind: "system", job: "renew-subscriptions" },
    ports: checkoutPorts(recording),
  });
}

export async function subscriptionNow(db: Database, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
}

export const renewalsOf = (db: Database, subscriptionId: string) =>
  db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, subscriptionId));
