import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Where an address stands: asked and waiting for its confirmation link, confirmed, or unsubscribed. */
export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * One row per email address that asked for the newsletter (decision 058, double opt-in): only a
 * confirmed address gets it. The row is the proof of consent: the wording ticked, when it was asked
 * for and when the link sent to the address was followed. Signing up again after unsubscribing
 * starts a new request on the same row.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: text("id").primaryKey(),
    /** Trimmed and in lower case. */
    email: text("email").notNull(),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull(),
    /** The version of the consent wording the box said when it was ticked (domain/newsletter/consent.ts). */
    consentVersion: text("consent_version").notNull(),
    /** When the latest sign-up was sent; its confirmation link names this moment, so an older link confirms nothing. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email").on(table.email),
    index("newsletter_subscribers_status").on(table.status, table.confirmedAt),
  ],
);
