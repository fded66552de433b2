import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { errorAlerts } from "./alerts.ts";
import { members } from "./members.ts";
import { orders } from "./orders.ts";

/** The shop's own emails: every shopper gets them, whatever their choices of programme emails. */
export const SHOP_EMAIL_KINDS = ["order-confirmation", "order-shipped", "order-refund", "error-alert"] as const;

/** Emails to the shop's admin about one thing (subject_key), such as a SKU running low (decision 046) or a subscription stopped by failed payments. */
export const STAFF_EMAIL_KINDS = ["low-stock", "subscription-payment-failed"] as const;

/** The newsletter's confirmation link, to an address that asked for it (decision 058); its subject key is the request. */
export const NEWSLETTER_EMAIL_KIND = "newsletter-confirmation";

/** A code to sign in with, to whoever asked for it at the embedded identity provider: its data holds the code until sent. */
export const SIGN_IN_EMAIL_KINDS = ["sign-in-code"] as const;

/**
 * Emails written in the transaction that makes what they tell of (an order, an error alert, a member's
 * points or tier), each with the send-email job that sends it; the id is the message's stable key
 * (outbox file name, Message-ID), so a resend is seen once.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").references(() => orders.id),
    alertId: text("alert_id").references(() => errorAlerts.id),
    /** A programme email's member (decision 044); null once that member is deleted, and the email is then not sent. */
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    kind: text("kind", {
      enum: [...SHOP_EMAIL_KINDS, ...MEMBER_EMAIL_KINDS, ...STAFF_EMAIL_KINDS, NEWSLETTER_EMAIL_KIND, ...SIGN_IN_EMAIL_KINDS],
    }).notNull(),
    /** The refund an order-refund email tells of: an order can have several. */
    refundId: text("refund_id"),
    /** What a programme email is about, once per member and kind: the order, the gold year, the expiry date. */
    subjectKey: text("subject_key"),
    /** What a programme email tells, as it was when it happened (its kind's schema in domain/member-emails). */
    data: jsonb("data").$type<Record<string, unknown>>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Not sent, and never will be: the member had turned this kind of email off, or is gone. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_outbox_one_per_kind").on(table.orderId, table.kind, sql`coalesce(${table.refundId}, '')`),
    uniqueIndex("email_outbox_one_per_member_subject").on(table.memberId, table.kind, table.subjectKey),
    // Each email is about one thing: an order (its confirmation, its shipping), an error alert, or what a member's programme email tells of.
    check(
      "email_outbox_one_subject",
      sql`(${table.kind} in ('order-confirmation', 'order-shipped', 'order-refund')) = (${table.orderId} is not null)
        and (${table.kind} = 'error-alert') = (${table.alertId} is not null)
        and (${table.kind} in ('order-confirmation', 'order-shipped', 'order-refund', 'error-alert')) = (${table.subjectKey} is null)`,
    ),
  ],
);
