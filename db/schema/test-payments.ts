import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AcceptedMethods, PaidWith } from "../../kernel/payment-methods.ts";
import { timestamps } from "./timestamps.ts";

/** A test card the embedded provider keeps for a customer, as Stripe keeps a payment method. */
export const testPaymentMethods = pgTable("test_payment_methods", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  /** The test card number (digits): it decides how later charges to the card answer. */
  cardNumber: text("card_number").notNull(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The embedded test payment provider's own record of a session, as Stripe keeps one on its side. */
export const testPaymentSessions = pgTable("test_payment_sessions", {
  id: text("id").primaryKey(),
  /** "setup" sessions charge nothing and only save a card. */
  mode: text("mode", { enum: ["payment", "setup"] })
    .notNull()
    .default("payment"),
  amountCents: integer("amount_cents").notNull(),
  email: text("email").notNull(),
  /** "processing": an asynchronous method (PayNow) was chosen and its payment is awaited, as Stripe's complete but unpaid session. */
  status: text("status", { enum: ["open", "processing", "paid", "expired", "failed"] })
    .notNull()
    .default("open"),
  lastError: text("last_error"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** Until when the session can be paid: the time the shop asked for, as Stripe takes `expires_at`. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
  /** The customer the shop named, or the one made when the session saved a card. */
  customerId: text("customer_id"),
  /** The consent shown beside the pay button when the session keeps the card; null when it does not. */
  saveCardConsent: text("save_card_consent"),
  savedPaymentMethodId: text("saved_payment_method_id").references(() => testPaymentMethods.id),
  /** The optional methods the shop offered with the session (cards always). */
  acceptedMethods: jsonb("accepted_methods").$type<AcceptedMethods | null>(),
  /** The method the shopper chose: set when a payment starts (PayNow) or is made. */
  paidWith: jsonb("paid_with").$type<PaidWith>(),
  /** The payment the session took, once paid (none for setup sessions). */
  paymentIntentId: text("payment_intent_id").unique(),
  ...timestamps,
});

/** The test provider's webhook events, kept so it can deliver each again until the shop takes it, as Stripe does. */
export const testPaymentEvents = pgTable("test_payment_events", {
  id: text("id").primaryKey(),
  sessionId: text("session_id")
    .notNull()
    .references(() => testPaymentSessions.id),
  /** The event exactly as sent (JSON); each delivery signs it afresh. */
  payload: text("payload").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The embedded test provider's off-session charges to saved cards, declined ones included: one per
 * idempotency key, as Stripe answers a repeated key with the first answer.
 */
export const testPaymentCharges = pgTable(
  "test_payment_charges",
  {
    /** The payment intent's id. */
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id")
      .notNull()
      .references(() => testPaymentMethods.id),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    outcome: text("outcome", { enum: ["paid", "declined", "needs_authentication"] }).notNull(),
    /** Why a declined charge was declined. */
    declineReason: text("decline_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("test_payment_charges_reason_of_decline", sql`(${table.outcome} = 'declined') = (${table.declineReason} is not null)`),
  ],
);

/** The embedded test provider's record of refunds, as Stripe keeps them: one per idempotency key. */
export const testPaymentRefunds = pgTable(
  "test_payment_refunds",
  {
    id: text("id").primaryKey(),
    /** The refunded payment: a session's, or an off-session charge's. */
    sessionId: text("session_id").references(() => testPaymentSessions.id),
    chargeId: text("charge_id").references(() => testPaymentCharges.id),
    amountCents: integer("amount_cents").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("test_payment_refunds_one_payment", sql`num_nonnulls(${table.sessionId}, ${table.chargeId}) = 1`)],
);
