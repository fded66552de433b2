import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import {
  testPaymentCharges,
  testPaymentMethods,
  testPaymentRefunds,
  testPaymentSessions,
} from "../../db/schema/test-payments.ts";
import type { PaymentProvider, RefundRequest, SavedCard, SavedCardCharge } from "./payment-provider.ts";
import { digitsOf, type TestCard, testCardOf } from "./test-cards.ts";

/** An id in the shape of Stripe's for the object (cus, pm, pi, re…), marked as the test provider's. */
export function testObjectId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("base64url")}`;
}

/** Keeps a card that paid (or was set up) for its customer, as Stripe attaches a payment method. */
export async function saveTestCard(tx: Tx, customerId: string, card: TestCard, at: Date): Promise<SavedCard> {
  const digits = digitsOf(card.number);
  const saved = { customerId, paymentMethodId: testObjectId("pm"), brand: "visa", last4: digits.slice(-4) };
  await tx.insert(testPaymentMethods).values({
    id: saved.paymentMethodId,
    customerId,
    cardNumber: digits,
    brand: saved.brand,
    last4: saved.last4,
    createdAt: at,
  });
  return saved;
}

export async function savedTestCard(db: Database, paymentMethodId: string): Promise<SavedCard | null> {
  const [method] = await db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, paymentMethodId));
  return method ? { customerId: method.customerId, paymentMethodId: method.id, brand: method.brand, last4: method.last4 } : null;
}

type Charge = typeof testPaymentCharges.$inferSelect;

/** The payment a refund is of: a session's or an off-session charge's. */
type RefundedPayment = { amountCents: number } & ({ sessionId: string; chargeId: null } | { sessionId: null; chargeId: string });

/** Off-session charges to saved test cards and refunds of any test payment, as Stripe makes them. */
export function testPaymentMethodActions(
  db: Database,
  now: () => Date,
): Pick<PaymentProvider, "chargeSavedCard" | "refund" | "sessionOfPayment"> {
  /** The payment's lock first: a refund request with the same key waits, then finds the refund made. */
  async function lockPayment(tx: Tx, request: RefundRequest): Promise<RefundedPayment> {
    const [session] = await tx
      .select()
      .from(testPaymentSessions)
      .where(
        request.sessionId !== undefined
          ? eq(testPaymentSessions.id, request.sessionId)
          : eq(testPaymentSessions.paymentIntentId, request.paymentIntentId),
      )
      .for("update");
    if (session) {
      if (session.status !== "paid" || session.mode !== "payment")
        throw new Error(`Test payment session ${session.id} was not paid`);
      return { amountCents: session.amountCents, sessionId: session.id, chargeId: null };
    }
    const [charge] =
      request.paymentIntentId === undefined
        ? []
        : await tx.select().from(testPaymentCharges).where(eq(testPaymentCharges.id, request.paymentIntentId)).for("update");
    if (charge?.outcome !== "paid") throw new Error(`There is no test payment ${request.sessionId ?? request.paymentIntentId}`);
    return { amountCents: charge.amountCents, sessionId: null, chargeId: charge.id };
  }

  return {
    async chargeSavedCard(input) {
      const [method] = await db
        .select()
        .from(testPaymentMethods)
        .where(and(eq(testPaymentMethods.id, input.paymentMethodId), eq(testPaymentMethods.customerId, input.customerId)));
      const card = method && testCardOf(method.cardNumber);
      if (!card) throw new Error(`Test customer ${input.customerId} has no saved card ${input.paymentMethodId}`);
      const { offSession } = card;
      const [made] = await db
        .insert(testPaymentCharges)
        .values({
          id: testObjectId("pi"),
          idempotencyKey: input.idempotencyKey,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amountCents: input.amountCents,
          description: input.description,
          metadata: input.metadata,
          outcome: offSession.outcome,
          declineReason: offSession.outcome === "declined" ? offSession.reason : null,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: testPaymentCharges.idempotencyKey })
        .returning();
      const charge =
        made ??
        (await db.select().from(testPaymentCharges).where(eq(testPaymentCharges.idempotencyKey, input.idempotencyKey)))[0];
      if (!charge) throw new Error(`Test charge ${input.idempotencyKey} vanished`);
      if (
        charge.amountCents !== input.amountCents ||
        charge.paymentMethodId !== input.paymentMethodId ||
        charge.customerId !== input.customerId
      ) {
        // As Stripe refuses a key reused with other parameters.
        throw new Error(`Idempotency key ${input.idempotencyKey} was used for another charge`);
      }
      return answerOf(charge);
    },
    async refund(request) {
      const { amountCents, refundId } = request;
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx, request);
        const [done] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, refundId));
        if (done) return { providerRefundId: done.id };
        const [given] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
          .from(testPaymentRefunds)
          .where(
            payment.sessionId !== null
              ? eq(testPaymentRefunds.sessionId, payment.sessionId)
              : eq(testPaymentRefunds.chargeId, payment.chargeId),
          );
        if (Number(given?.cents ?? 0) + amountCents > payment.amountCents) {
          throw new Error(
            `A refund of ${amountCents} cents is more than is left of test payment ${payment.sessionId ?? payment.chargeId}`,
          );
        }
        const id = testObjectId("re");
        const { sessionId, chargeId } = payment;
        await tx
          .insert(testPaymentRefunds)
          .values({ id, sessionId, chargeId, amountCents, idempotencyKey: refundId, createdAt: now() });
        return { providerRefundId: id };
      });
    },
    async sessionOfPayment(paymentIntentId) {
      const [session] = await db
        .select({ id: testPaymentSessions.id })
        .from(testPaymentSessions)
        .where(eq(testPaymentSessions.paymentIntentId, paymentIntentId));
      return session?.id ?? null;
    },
  };
}

function answerOf(charge: Charge): SavedCardCharge {
  if (charge.outcome === "declined") {
    return { outcome: "declined", paymentIntentId: charge.id, reason: charge.declineReason ?? "" };
  }
  return { outcome: charge.outcome, paymentIntentId: charge.id };
}
