import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

export const promotionCodes = pgTable(
  "promotion_codes",
  {
    code: text("code").primaryKey(),
    kind: text("kind", { enum: ["percent", "amount"] }).notNull(),
    value: integer("value").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    /**
     * Uses taken: checkouts open (each holds one) and paid. Holding stops at the limit; a checkout paid
     * after its hold was given back still counts, so this can pass the limit (see decision 032).
     */
    timesUsed: integer("times_used").notNull().default(0),
    /** A code switched off stops working for new checkouts at once. */
    active: boolean("active").notNull().default(true),
    /** The bag's goods (before discount) must come to at least this. */
    minSpendCents: integer("min_spend_cents"),
    /** How many paid orders one customer (by email) may place with the code; none when null. */
    perCustomerLimit: integer("per_customer_limit"),
    /** Products the code takes nothing off, besides those excluded from every campaign. */
    excludedProductIds: text("excluded_product_ids").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    check("promotion_value_positive", sql`${table.value} > 0`),
    check("promotion_percent_range", sql`${table.kind} <> 'percent' or ${table.value} <= 100`),
  ],
);
