import { pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Errors reported to the shop's admin: one row per distinct error (env, path and message, by their
 * fingerprint) per alert window. The unique index is what lets N processes and concurrent reports
 * agree on the one report that is emailed.
 */
export const errorAlerts = pgTable(
  "error_alerts",
  {
    id: text("id").primaryKey(),
    fingerprint: text("fingerprint").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    env: text("env").notNull(),
    path: text("path").notNull(),
    message: text("message").notNull(),
    /** The admin address at the time of the report; null when none was set (the alert was only logged). */
    recipient: text("recipient"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("error_alerts_once_per_window").on(table.fingerprint, table.windowStart)],
);
