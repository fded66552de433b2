import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { testPaymentEvents, testPaymentSessions } from "../../db/schema/test-payments.ts";
import type { PaymentProvider, PaymentSessionState } from "./payment-provider.ts";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature.ts";
import { TEST_CARDS, type TestCard, testCardOf } from "./test-cards.ts";
import { savedTestCard, saveTestCard, testObjectId, testPaymentMethodActions } from "./test-payment-methods.ts";

/**
 * Like Stripe, the provider delivers each webhook until the shop takes it: the payment page tries
 * once at once, the job a minute later and then with doubling delays, about three days in all.
 */
const REDELIVERY = { delayMs: 60_000, retryLimit: 12, retryDelaySeconds: 30, retryBackoff: true };

const ENDED = "This payment session has ended.";

export type TestPaymentSession = typeof testPaymentSessions.$inferSelect;

export type TestPaymentOutcome =
  | { ok: true; successUrl: string /** The checkout.session.completed event to deliver. */; eventId: string }
  | { ok: false; message: string };

export type TestPaymentProvider = PaymentProvider & {
  /** The test cards the card page offers, the default first. */
  readonly cards: readonly TestCard[];
  /** The session as the card page shows it; an open session past its time reads as expired. */
  findSession(sessionId: string): Promise<TestPaymentSession | null>;
  /**
   * Charges a test card (a setup session only saves it). A payment records its
   * checkout.session.completed event and, in the same transaction, the job that delivers it
   * (redeliver-webhook). Paying a paid session again charges nothing and answers the same event.
   */
  pay(sessionId: string, cardNumber: string): Promise<TestPaymentOutcome>;
  /** A recorded event with a fresh Stripe-Signature, as each delivery attempt carries one; null if unknown. */
  signedEvent(eventId: string): Promise<{ rawBody: string; signature: string } | null>;
};

/**
 * The shop's job queue as far as the provider uses it: it queues an event's delivery in the
 * transaction that records the payment.
 */
type RedeliveryQueue = {
  send(
    name: "redeliver-webhook",
    data: { eventId: string },
    options: { tx: Tx; startAfter: Date } & Omit<typeof REDELIVERY, "delayMs">,
  ): Promise<unknown>;
};

export function createTestPaymentProvider(deps: {
  db: Database;
  webhookSecret: string;
  jobs: RedeliveryQueue;
  now?: () => Date;
}): TestPaymentProvider {
  const { db, webhookSecret, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function findSession(sessionId: string): Promise<TestPaymentSession | null> {
    const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    if (!row) return null;
    return row.status === "open" && row.expiresAt <= now() ? { ...row, status: "expired" } : row;
  }

  async function stateOf(sessionId: string): Promise<PaymentSessionState | null> {
    const row = await findSession(sessionId);
    if (!row) return null;
    return {
      id: row.id,
      // A completed setup session reads as paid, as Stripe's "no_payment_required" does.
      paid: row.status === "paid",
      status: row.status === "paid" ? "complete" : row.status,
      customerId: row.customerId,
      cardFingerprint: null,
      savedCard: row.savedPaymentMethodId ? await savedTestCard(db, row.savedPaymentMethodId) : null,
      paymentIntentId: row.paymentIntentId,
    };
  }

  async function eventOfPaidSession(session: TestPaymentSession): Promise<TestPaymentOutcome> {
    const [event] = await db
      .select({ id: testPaymentEvents.id })
      .from(testPaymentEvents)
      .where(eq(testPaymentEvents.sessionId, session.id))
      .orderBy(desc(testPaymentEvents.createdAt));
    if (!event) throw new Error(`Paid test session ${session.id} has no event`);
    return { ok: true, successUrl: session.successUrl, eventId: event.id };
  }

  /**
   * Marks the session paid, once, with the card it keeps (if it keeps one), its event and the job
   * that delivers it; null when it is no longer open.
   */
  async function recordPayment(sessionId: string, card: TestCard, at: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [session] = await tx
        .update(testPaymentSessions)
        .set({ status: "paid", lastError: null, updatedAt: at })
        .where(
          and(
            eq(testPaymentSessions.id, sessionId),
            eq(testPaymentSessions.status, "open"),
            gt(testPaymentSessions.expiresAt, at),
          ),
        )
        .returning();
      if (!session) return null;
      const keepsCard = session.mode === "setup" || session.saveCardConsent !== null;
      // Like Stripe's customer_creation "always": a session that keeps a card makes its customer.
      const customerId = keepsCard ? (session.customerId ?? testObjectId("cus")) : session.customerId;
      const saved = keepsCard && customerId ? await saveTestCard(tx, customerId, card, at) : null;
      const paymentIntentId = session.mode === "payment" ? testObjectId("pi") : null;
      await tx
        .update(testPaymentSessions)
        .set({ customerId, savedPaymentMethodId: saved?.paymentMethodId, paymentIntentId })
        .where(eq(testPaymentSessions.id, sessionId));
      const eventId = testObjectId("evt");
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(at.getTime() / 1000),
        data: {
          object: {
            id: sessionId,
            object: "checkout.session",
            mode: session.mode,
            payment_status: session.mode === "setup" ? "no_payment_required" : "paid",
            customer: customerId,
            payment_intent: paymentIntentId,
          },
        },
      });
      await tx.insert(testPaymentEvents).values({ id: eventId, sessionId, payload, createdAt: at });
      const { delayMs, ...retry } = REDELIVERY;
      await jobs.send("redeliver-webhook", { eventId }, { tx, startAfter: new Date(at.getTime() + delayMs), ...retry });
      return eventId;
    });
  }

  return {
    name: "test",
    cards: TEST_CARDS,
    findSession,
    async createSession(input) {
      const mode = input.mode ?? "payment";
      if (mode === "setup" && !input.customerId) throw new Error("A setup session saves a card for a customer: name one");
      const id = `cs_test_${randomBytes(18).toString("base64url")}`;
      const expiresAt = new Date(now().getTime() + input.lifetimeMinutes * 60_000);
      await db.insert(testPaymentSessions).values({
        id,
        mode,
        customerId: input.customerId ?? null,
        saveCardConsent: input.saveCard?.text ?? null,
        amountCents: mode === "setup" ? 0 : input.totalCents,
        email: input.customerEmail,
        successUrl: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: input.cancelUrl,
        expiresAt,
      });
      return { id, url: `/pay/test/${id}`, expiresAt };
    },
    retrieveSession: stateOf,
    async expireSession(sessionId) {
      await db
        .update(testPaymentSessions)
        .set({ status: "expired", updatedAt: now() })
        .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, "open")));
      return stateOf(sessionId);
    },
    ...testPaymentMethodActions(db, now),
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, webhookSecret),
    async signedEvent(eventId) {
      const [event] = await db
        .select({ payload: testPaymentEvents.payload })
        .from(testPaymentEvents)
        .where(eq(testPaymentEvents.id, eventId));
      if (!event) return null;
      return { rawBody: event.payload, signature: await signStripePayload(event.payload, webhookSecret) };
    },
    async pay(sessionId, cardNumber) {
      const session = await findSession(sessionId);
      if (session?.status === "paid") return eventOfPaidSession(session);
      if (session?.status !== "open") return { ok: false, message: ENDED };
      const card = testCardOf(cardNumber);
      if (!card) return { ok: false, message: "Your card number is incorrect." };
      const at = now();
      if (card.declinedAtCheckout !== null) {
        await db
          .update(testPaymentSessions)
          .set({ lastError: card.declinedAtCheckout, updatedAt: at })
          .where(eq(testPaymentSessions.id, sessionId));
        return { ok: false, message: card.declinedAtCheckout };
      }
      const eventId = await recordPayment(sessionId, card, at);
      if (eventId) return { ok: true, successUrl: session.successUrl, eventId };
      // Paid or ended by another request meanwhile.
      const current = await findSession(sessionId);
      return current?.status === "paid" ? eventOfPaidSession(current) : { ok: false, message: ENDED };
    },
  };
}
