import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { testPaymentEvents, testPaymentRefunds, testPaymentSessions } from "../../db/schema/test-payments.ts";
import type { PaymentProvider, PaymentSessionState } from "./payment-provider.ts";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature.ts";

/** Stripe's test card numbers and what they do. */
const CARD_OUTCOMES: Record<string, string | null> = {
  "4242424242424242": null,
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
};

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
  /** The session as the card page shows it; an open session past its time reads as expired. */
  findSession(sessionId: string): Promise<TestPaymentSession | null>;
  /**
   * Charges a test card. A payment records its checkout.session.completed event and, in the same
   * transaction, the job that delivers it (redeliver-webhook). Paying a paid session again charges
   * nothing and answers the same event.
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
    const status = row.status === "paid" ? "complete" : row.status;
    return { id: row.id, paid: row.status === "paid", status, customerId: null, cardFingerprint: null };
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

  /** Marks the session paid, once, with its event and the job that delivers it; null when it is no longer open. */
  async function recordPayment(sessionId: string, at: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const paid = await tx
        .update(testPaymentSessions)
        .set({ status: "paid", lastError: null, updatedAt: at })
        .where(
          and(
            eq(testPaymentSessions.id, sessionId),
            eq(testPaymentSessions.status, "open"),
            gt(testPaymentSessions.expiresAt, at),
          ),
        )
        .returning({ id: testPaymentSessions.id });
      if (paid.length === 0) return null;
      const eventId = `evt_test_${randomBytes(12).toString("base64url")}`;
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(at.getTime() / 1000),
        data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid" } },
      });
      await tx.insert(testPaymentEvents).values({ id: eventId, sessionId, payload, createdAt: at });
      const { delayMs, ...retry } = REDELIVERY;
      await jobs.send("redeliver-webhook", { eventId }, { tx, startAfter: new Date(at.getTime() + delayMs), ...retry });
      return eventId;
    });
  }

  return {
    name: "test",
    findSession,
    async createSession(input) {
      const id = `cs_test_${randomBytes(18).toString("base64url")}`;
      const expiresAt = new Date(now().getTime() + input.lifetimeMinutes * 60_000);
      await db.insert(testPaymentSessions).values({
        id,
        amountCents: input.totalCents,
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
    async refund({ sessionId, amountCents, refundId }) {
      return db.transaction(async (tx) => {
        // The payment's lock first: a request with the same key waits, then finds the refund made.
        const [session] = await tx.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId)).for("update");
        const [done] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, refundId));
        if (done) return { providerRefundId: done.id };
        if (session?.status !== "paid") throw new Error(`Test payment session ${sessionId} was not paid`);
        const [given] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
          .from(testPaymentRefunds)
          .where(eq(testPaymentRefunds.sessionId, sessionId));
        if (Number(given?.cents ?? 0) + amountCents > session.amountCents) {
          throw new Error(`A refund of ${amountCents} cents is more than is left of test payment ${sessionId}`);
        }
        const id = `re_test_${randomBytes(12).toString("base64url")}`;
        await tx.insert(testPaymentRefunds).values({ id, sessionId, amountCents, idempotencyKey: refundId, createdAt: now() });
        return { providerRefundId: id };
      });
    },
    // Test payments have no payment intents, and nobody refunds them outside the shop.
    sessionOfPayment: async () => null,
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
      const digits = cardNumber.replace(/[\s-]/g, "");
      const outcome = CARD_OUTCOMES[digits];
      if (outcome === undefined) return { ok: false, message: "Your card number is incorrect." };
      const at = now();
      if (outcome !== null) {
        await db
          .update(testPaymentSessions)
          .set({ lastError: outcome, updatedAt: at })
          .where(eq(testPaymentSessions.id, sessionId));
        return { ok: false, message: outcome };
      }
      const eventId = await recordPayment(sessionId, at);
      if (eventId) return { ok: true, successUrl: session.successUrl, eventId };
      // Paid or ended by another request meanwhile.
      const current = await findSession(sessionId);
      return current?.status === "paid" ? eventOfPaidSession(current) : { ok: false, message: ENDED };
    },
  };
}
