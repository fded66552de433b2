import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

/**
 * A way the shop delivers (decision 063): its price, the goods from which it is free, how many
 * working days it takes, the weekdays it runs and its daily cut-off in Singapore time. Never deleted:
 * orders name it; the merchant switches it off instead.
 */
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The goods from which it is free; null: never free. */
    freeFromCents: integer("free_from_cents"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    /** 0 = Sunday ... 6 = Saturday, smallest first. */
    weekdays: jsonb("weekdays").$type<number[]>().notNull(),
    /** Minutes after Singapore midnight; null: orders count that day until midnight. */
    cutoffMinutes: integer("cutoff_minutes"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("delivery_options_days", sql`${table.minDays} between 0 and 60 and ${table.maxDays} between ${table.minDays} and 60`),
    check("delivery_options_price", sql`${table.priceCents} >= 0`),
  ],
);

/** What an order is promised, as the shopper was shown it when they went to pay. */
export type DeliveryChoice = { optionId: string; name: string; priceCents: number; start: string; end: string };
