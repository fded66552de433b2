import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { testPaymentEvents, testPaymentSessions } from "../../db/schema/test-payments.ts";
import type { CardWallet, PaidWith } from "../../kernel/payment-methods.ts";
import type { PaymentEventType, PaymentProvider, PaymentSessionState } from "./payment-provider.ts";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature.ts";
import { digitsOf, TEST_CARDS, type TestCard, testCardOf } from "./test-cards.ts";
import { savedTestCard, saveTestCard, testObjectId, testPaymentMethodActions } from "./test-payment-methods.ts";

/**
 * Like Stripe, the provider delivers each webhook until the shop takes it: the payment page tries
 * once at once, the job a minute later and then with doubling delays, about three days in all.
 */
const REDELIVERY = { delayMs: 60_000, retryLimit: 12, retryDelaySeconds: 30, retryBackoff: true };

const ENDED = "This payment session has ended.";
const NOT_OFFERED = "This payment method is not offered for this payment.";

/** How a PayNow payment that was started ends, as the shopper's bank (or its lapse) decides. */
export type PayNowEnd = "paid" | "failed" | "expired";

/** The webhook event each PayNow end sends, and the session status it leaves. */
const PAYNOW_ENDS = {
  paid: { type: "checkout.session.async_payment_succeeded", status: "paid" },
  failed: { type: "checkout.session.async_payment_failed", status: "failed" },
  expired: { type: "checkout.session.expired", status: "expired" },
} as const;

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
  pay(sessionId: string, cardNumber: string, wallet?: CardWallet): Promise<TestPaymentOutcome>;
  /** Pays by GrabPay at once, as the shopper approving it in Grab does; only where the session offers it. */
  payByGrabPay(sessionId: string): Promise<TestPaymentOutcome>;
  /**
   * Starts a PayNow payment, as Stripe's page does when the shopper chooses PayNow: the session turns
   * "processing" and sends checkout.session.completed unpaid; its payment arrives with endPayNow.
   */
  startPayNow(sessionId: string): Promise<TestPaymentOutcome>;
  /** A started PayNow payment arrives, fails or lapses, with its asynchronous event; once. */
  endPayNow(sessionId: string, end: PayNowEnd): Promise<TestPaymentOutcome>;
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
      // As Stripe's: a session the shopper finished with PayNow is complete, paid or not.
      status: row.status === "open" || row.status === "expired" ? row.status : "complete",
      customerId: row.customerId,
      cardFingerprint: null,
      savedCard: row.savedPaymentMethodId ? await savedTestCard(db, row.savedPaymentMethodId) : null,
      paymentIntentId: row.paymentIntentId,
      paidWith: row.paidWith,
      awaitingPayment: row.status === "processing",
    };
  }

  async function latestEventOf(session: TestPaymentSession): Promise<TestPaymentOutcome> {
    const [event] = await db
      .select({ id: testPaymentEvents.id })
      .from(testPaymentEvents)
      .where(eq(testPaymentEvents.sessionId, session.id))
      .orderBy(desc(testPaymentEvents.createdAt));
    if (!event) throw new Error(`Test session ${session.id} has no event`);
    return { ok: true, successUrl: session.successUrl, eventId: event.id };
  }

  /** Records a webhook event of the session and, in the same transaction, the job that delivers it. */
  async function recordEvent(tx: Tx, session: TestPaymentSession, type: PaymentEventType, at: Date): Promise<string> {
    const eventId = testObjectId("evt");
    const paymentStatus = session.mode === "setup" ? "no_payment_required" : session.status === "paid" ? "paid" : "unpaid";
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      type,
      created: Math.floor(at.getTime() / 1000),
      data: {
        object: {
          id: session.id,
          object: "checkout.session",
          mode: session.mode,
          payment_status: paymentStatus,
          customer: session.customerId,
          payment_intent: session.paymentIntentId,
        },
      },
    });
    await tx.insert(testPaymentEvents).values({ id: eventId, sessionId: session.id, payload, createdAt: at });
    const { delayMs, ...retry } = REDELIVERY;
    await jobs.send("redeliver-webhook", { eventId }, { tx, startAfter: new Date(at.getTime() + delayMs), ...retry });
    return eventId;
  }

  /** Moves an open session, still within its time, on to `status`; null when it is no longer open. */
  async function leaveOpen(tx: Tx, sessionId: string, status: "paid" | "processing", paidWith: PaidWith, at: Date) {
    const [session] = await tx
      .update(testPaymentSessions)
      .set({ status, paidWith, lastError: null, updatedAt: at })
      .where(
        and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, "open"), gt(testPaymentSessions.expiresAt, at)),
      )
      .returning();
    return session ?? null;
  }

  /**
   * Marks the session paid, once, with the card it keeps (if it keeps one), its event and the job
   * that delivers it; null when it is no longer open.
   */
  async function recordPayment(sessionId: string, paidWith: PaidWith, card: TestCard | null, at: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const session = await leaveOpen(tx, sessionId, "paid", paidWith, at);
      if (!session) return null;
      const keepsCard = card !== null && (session.mode === "setup" || session.saveCardConsent !== null);
      // Like Stripe's customer_creation "always": a session that keeps a card makes its customer.
      const customerId = keepsCard ? (session.customerId ?? testObjectId("cus")) : session.customerId;
      const saved = keepsCard && customerId ? await saveTestCard(tx, customerId, card, at) : null;
      const paymentIntentId = session.mode === "payment" ? testObjectId("pi") : null;
      await tx
        .update(testPaymentSessions)
        .set({ customerId, savedPaymentMethodId: saved?.paymentMethodId, paymentIntentId })
        .where(eq(testPaymentSessions.id, sessionId));
      return recordEvent(tx, { ...session, customerId, paymentIntentId }, "checkout.session.completed", at);
    });
  }

  /** The outcome of a payment made (or found made by another request meanwhile). */
  async function outcomeOf(sessionId: string, eventId: string | null, successUrl: string): Promise<TestPaymentOutcome> {
    if (eventId) return { ok: true, successUrl, eventId };
    const current = await findSession(sessionId);
    return current?.status === "paid" ? latestEventOf(current) : { ok: false, message: ENDED };
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
        // Only a payment that keeps no card may be made otherwise than by card.
        acceptedMethods: mode === "payment" && !input.saveCard ? (input.methods ?? null) : null,
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
    async pay(sessionId, cardNumber, wallet) {
      const session = await findSession(sessionId);
      if (session?.status === "paid") return latestEventOf(session);
      if (session?.status !== "open") return { ok: false, message: ENDED };
      if (wallet && !session.acceptedMethods?.[wallet]) return { ok: false, message: NOT_OFFERED };
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
      const paidWith: PaidWith = {
        method: "card",
        cardBrand: "visa",
        cardLast4: digitsOf(card.number).slice(-4),
        wallet: wallet ?? null,
      };
      return outcomeOf(sessionId, await recordPayment(sessionId, paidWith, card, at), session.successUrl);
    },
    async payByGrabPay(sessionId) {
      const session = await findSession(sessionId);
      if (session?.status === "paid") return latestEventOf(session);
      if (session?.status !== "open") return { ok: false, message: ENDED };
      if (!session.acceptedMethods?.grabpay) return { ok: false, message: NOT_OFFERED };
      const paidWith: PaidWith = { method: "grabpay", cardBrand: null, cardLast4: null, wallet: null };
      return outcomeOf(sessionId, await recordPayment(sessionId, paidWith, null, now()), session.successUrl);
    },
    async startPayNow(sessionId) {
      const session = await findSession(sessionId);
      if (session?.status === "processing") return latestEventOf(session);
      if (session?.status !== "open") return { ok: false, message: ENDED };
      if (!session.acceptedMethods?.paynow) return { ok: false, message: NOT_OFFERED };
      const at = now();
      const paidWith: PaidWith = { method: "paynow", cardBrand: null, cardLast4: null, wallet: null };
      const eventId = await db.transaction(async (tx) => {
        const started = await leaveOpen(tx, sessionId, "processing", paidWith, at);
        if (!started) return null;
        // Stripe makes the payment when the QR code is shown; it succeeds or fails later.
        const paymentIntentId = testObjectId("pi");
        await tx.update(testPaymentSessions).set({ paymentIntentId }).where(eq(testPaymentSessions.id, sessionId));
        return recordEvent(tx, { ...started, paymentIntentId }, "checkout.session.completed", at);
      });
      if (eventId) return { ok: true, successUrl: session.successUrl, eventId };
      const current = await findSession(sessionId);
      return current?.status === "processing" ? latestEventOf(current) : { ok: false, message: ENDED };
    },
    async endPayNow(sessionId, end) {
      const { type, status } = PAYNOW_ENDS[end];
      const at = now();
      const eventId = await db.transaction(async (tx) => {
        const [ended] = await tx
          .update(testPaymentSessions)
          .set({ status, updatedAt: at })
          .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, "processing")))
          .returning();
        return ended ? recordEvent(tx, ended, type, at) : null;
      });
      const session = await findSession(sessionId);
      if (!session) return { ok: false, message: ENDED };
      if (eventId) return { ok: true, successUrl: session.successUrl, eventId };
      // The same end said twice answers the first; another end of an ended payment is refused.
      return session.status === status && session.paidWith?.method === "paynow"
        ? latestEventOf(session)
        : { ok: false, message: ENDED };
    },
  };
}
