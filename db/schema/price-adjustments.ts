import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ADJUSTMENT_SOURCES } from "../../kernel/adjustment-sources.ts";
import { orders } from "./orders.ts";

/**
 * The discounts on an order, one row each in the order its documents show them: where it came from
 * (with the code that gave it), how much it took off and what the documents call it. Their sum is the
 * order's discount_cents, which each line's discount_cents splits (decision 054).
 */
export const priceAdjustments = pgTable(
  "price_adjustments",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    source: text("source", { enum: ADJUSTMENT_SOURCES }).notNull(),
    code: text("code"),
    cents: integer("cents").notNull(),
    label: text("label").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("price_adjustment_cents_not_negative", sql`${table.cents} >= 0`),
  ],
);
