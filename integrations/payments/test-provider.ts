import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { testPaymentSessions } from "../../db/schema/orders.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature.ts";

/** Stripe's test card numbers and what they do. */
const CARD_OUTCOMES: Record<string, string | null> = {
  "4242424242424242": null,
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
};

export type TestPaymentOutcome = { ok: true; successUrl: string } | { ok: false; message: string };

export type TestPaymentProvider = PaymentProvider & {
  findSession(sessionId: string): Promise<typeof testPaymentSessions.$inferSelect | null>;
  /** Charges a test card; on success it sends a signed checkout.session.completed webhook to deliver(). */
  pay(sessionId: string, cardNumber: string): Promise<TestPaymentOutcome>;
};

export function createTestPaymentProvider(deps: {
  db: Database;
  webhookSecret: string;
  deliver: (rawBody: string, signature: string) => Promise<void>;
}): TestPaymentProvider {
  const { db, webhookSecret } = deps;

  async function findSession(sessionId: string) {
    const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    return row ?? null;
  }

  return {
    name: "test",
    findSession,
    async createSession(input) {
      const id = `cs_test_${randomBytes(18).toString("base64url")}`;
      await db.insert(testPaymentSessions).values({
        id,
        amountCents: input.totalCents,
        email: input.customerEmail,
        successUrl: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: input.cancelUrl,
      });
      return { id, url: `/pay/test/${id}` };
    },
    async retrieveSession(sessionId) {
      const row = await findSession(sessionId);
      if (!row) return null;
      const status = row.status === "paid" ? "complete" : row.status;
      return { id: row.id, paid: row.status === "paid", status, customerId: null };
    },
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, webhookSecret),
    async pay(sessionId, cardNumber) {
      const session = await findSession(sessionId);
      if (!session || session.status === "expired") return { ok: false, message: "This payment session has ended." };
      const digits = cardNumber.replace(/[\s-]/g, "");
      const outcome = CARD_OUTCOMES[digits];
      if (outcome === undefined) return { ok: false, message: "Your card number is incorrect." };
      if (outcome !== null) {
        await db
          .update(testPaymentSessions)
          .set({ lastError: outcome, updatedAt: new Date() })
          .where(eq(testPaymentSessions.id, sessionId));
        return { ok: false, message: outcome };
      }
      await db
        .update(testPaymentSessions)
        .set({ status: "paid", lastError: null, updatedAt: new Date() })
        .where(eq(testPaymentSessions.id, sessionId));
      const payload = JSON.stringify({
        id: `evt_test_${randomBytes(12).toString("base64url")}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid" } },
      });
      await deps.deliver(payload, await signStripePayload(payload, webhookSecret));
      return { ok: true, successUrl: session.successUrl };
    },
  };
}
