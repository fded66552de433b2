import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { testPaymentMethods } from "../../db/schema/test-payments.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest, type OperationContext } from "../../domain/shared/context.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import type { SavedCard } from "../../integrations/payments/payment-provider.ts";
import { singaporeDate } from "../../kernel/singapore-time.ts";
import type { RenewalOutcome } from "../../kernel/subscription-terms.ts";
import { checkoutPorts, holderOf, SHIPPING } from "./checkout-fixtures.ts";
import { createMember, insertPaidOrder } from "./loyalty-fixtures.ts";
import { testContext } from "./operation-context.ts";
import type { RecordingPayments } from "./recording-payments.ts";

/** A Luna box, S$39, which the seeded shop has in stock. */
export const LUNA = "op-m8_ba-1b";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The test provider's cards: renews fine, declined off-session, needs the card holder off-session. */
export const CARDS = { renews: "4242 4242 4242 4242", declines: "4000 0000 0000 0341", authenticates: "4000 0027 6000 3184" };

/**
 * A new member who subscribes to `quantity` of an option every `cadenceWeeks` weeks through the shop's
 * own checkout at `at`, paying with `card` (the test provider's number): their id, the first order
 * and the subscription.
 */
export async function subscribedMember(
  db: Database,
  recording: RecordingPayments,
  options: { at: Date; card?: string; optionId?: string; quantity?: number; cadenceWeeks?: number },
) {
  const { at, card = "4242 4242 4242 4242", optionId = LUNA, quantity = 1, cadenceWeeks = 4 } = options;
  const member = await createMember(db);
  const now = () => at;
  const { bagToken } = await addToBag(testContext(db, { viewer: guest(null), now }), { optionId, quantity, cadenceWeeks });
  const shopper = testContext(db, { viewer: holderOf(bagToken, member.id), now, ports: checkoutPorts(recording) });
  const { sessionId } = await startCheckout(shopper, { ...SHIPPING, email: member.email });
  const paid = await recording.payments.pay(sessionId, card);
  if (!paid.ok) throw new Error(`the test card ${card} did not pay`);
  const placed = await fulfilCheckout(testContext(db, { now, ports: checkoutPorts(recording) }), { sessionId });
  if (!placed?.created) throw new Error("no first order");
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, placed.orderId));
  if (!subscription) throw new Error("no subscription started");
  return { memberId: member.id, sessionId, firstOrderId: placed.orderId, subscription };
}

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

/** A card the test provider keeps as if a checkout had saved it, paying every later charge. */
export async function payingCard(db: Database): Promise<SavedCard> {
  const card = { customerId: `cus_test_${randomUUID().slice(0, 12)}`, paymentMethodId: `pm_test_${randomUUID().slice(0, 12)}` };
  await db.insert(testPaymentMethods).values({
    id: card.paymentMethodId,
    customerId: card.customerId,
    cardNumber: "4242424242424242",
    brand: "visa",
    last4: "4242",
  });
  return { ...card, brand: "visa", last4: "4242" };
}

/**
 * A subscription as subscribing leaves one, written straight into its table: a new member's (unless
 * one is given), begun with a paid order (unless one is given), one Luna box every 4 weeks at 15 % off,
 * renewing on `nextRenewalOn`, charged to `card` (a made-up Visa 4242 the provider does not know,
 * unless given); any column the test gives overrides these.
 */
export async function insertSubscription(
  db: Database,
  input: Partial<Omit<SubscriptionRow, "id">> & { nextRenewalOn: string; card?: SavedCard },
): Promise<SubscriptionRow> {
  const { card, ...fields } = input;
  const memberId = fields.memberId ?? (await createMember(db)).id;
  const firstOrderId =
    fields.firstOrderId ??
    (await insertPaidOrder(db, { subtotalCents: 3315, shippingCents: 490, memberId, optionId: fields.optionId ?? LUNA })).id;
  const kept = card ?? {
    customerId: `cus_${randomUUID().slice(0, 8)}`,
    paymentMethodId: `pm_${randomUUID().slice(0, 8)}`,
    brand: "visa",
    last4: "4242",
  };
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      optionId: LUNA,
      quantity: 1,
      cadenceWeeks: 4,
      discountPercent: 15,
      shipping: {
        name: "Tan Mei Ling",
        email: "mei.ling@example.com",
        mobile: "+6591234567",
        address: "1 Orchard Road, #01-01",
        postalCode: "238801",
        newsletter: false,
      },
      providerCustomerId: kept.customerId,
      paymentMethodId: kept.paymentMethodId,
      cardBrand: kept.brand,
      cardLast4: kept.last4,
      ...fields,
      memberId,
      firstOrderId,
    })
    .returning();
  if (!row) throw new Error("the subscription was not written");
  return row;
}

/** A new member's subscription due on the Singapore day of `dueAt`, charged to the test card `cardNumber` the provider keeps. */
export async function dueSubscription(db: Database, recording: RecordingPayments, options: { dueAt: Date; cardNumber: string }) {
  return insertSubscription(db, {
    nextRenewalOn: singaporeDate(options.dueAt),
    card: await keptCard(recording, options.cardNumber),
  });
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

/** The renewal job's context at a moment the test sets, charging through the recording test provider. */
export function renewalRun(db: Database, recording: RecordingPayments, at: Date): OperationContext {
  return testContext(db, {
    now: () => at,
    viewer: { kind: "system", job: "renew-subscriptions" },
    ports: checkoutPorts(recording),
  });
}

/** One run of the renewal job at `at`, with ADMIN_EMAIL set when a test reads the admin's alert. */
export function runRenewalsAt(db: Database, recording: RecordingPayments, at: Date, adminEmail: string | null = null) {
  const ctx = renewalRun(db, recording, at);
  return runRenewals({ ...ctx, settings: { ...ctx.settings, adminEmail } }, {});
}

export async function subscriptionNow(db: Database, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
}

export const renewalsOf = (db: Database, subscriptionId: string) =>
  db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, subscriptionId));
