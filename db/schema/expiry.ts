import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/**
 * A warning due to a member that their points expire (decision 043): written once per member, expiry
 * date and number of days before by the scheduled loyalty work, sent by the mailer, which marks it sent.
 */
export const expiryWarnings = pgTable(
  "expiry_warnings",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The Singapore date the points expire on, YYYY-MM-DD. */
    expiresOn: text("expires_on").notNull(),
    /** Which of the version's warning days this is (30: the warning 30 days before). */
    daysBefore: integer("days_before").notNull(),
    /** The balance that would expire, when the warning was written. */
    points: integer("points").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("expiry_warnings_once").on(table.memberId, table.expiresOn, table.daysBefore),
    // The mailer's scan: warnings not sent yet.
    index("expiry_warnings_unsent_idx").on(table.createdAt).where(sql`${table.sentAt} is null`),
  ],
);
