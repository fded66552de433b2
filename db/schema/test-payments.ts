import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

/** The embedded test payment provider's own record of a session, as Stripe keeps one on its side. */
export const testPaymentSessions = pgTable("test_payment_sessions", {
  id: text("id").primaryKey(),
  amountCents: integer("amount_cents").notNull(),
  email: text("email").notNull(),
  status: text("status", { enum: ["open", "paid", "expired"] })
    .notNull()
    .default("open"),
  lastError: text("last_error"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** Until when the session can be paid: the time the shop asked for, as Stripe takes `expires_at`. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
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

/** The embedded test provider's record of refunds, as Stripe keeps them: one per idempotency key. */
export const testPaymentRefunds = pgTable("test_payment_refunds", {
  id: text("id").primaryKey(),
  sessionId: text("session_id")
    .notNull()
    .references(() => testPaymentSessions.id),
  amountCents: integer("amount_cents").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
