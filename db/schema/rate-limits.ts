import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Attempts per bucket (action and client) per fixed window; shared by every app process. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] })],
);
