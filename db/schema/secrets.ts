import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets the shop makes for itself when no setting provides one: made once by whichever process
 * asks first, then the same for every process and every restart.
 */
export const storedSecrets = pgTable("stored_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
