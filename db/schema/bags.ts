import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { purchaseOptions } from "./catalog.ts";
import { deliveryOptions } from "./delivery.ts";

export const bags = pgTable("bags", {
  id: text("id").primaryKey(),
  /** A promotion code the shopper applied at checkout; checked again whenever the bag is priced. */
  promotionCode: text("promotion_code"),
  /** The member whose bag this is, once they sign in with it; it follows them to their next sign-in. */
  memberId: text("member_id"),
  /** The delivery option the shopper chose; null: standard. */
  deliveryOptionId: text("delivery_option_id").references(() => deliveryOptions.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bagLines = pgTable(
  "bag_lines",
  {
    bagId: text("bag_id")
      .notNull()
      .references(() => bags.id, { onDelete: "cascade" }),
    optionId: text("option_id")
      .notNull()
      .references(() => purchaseOptions.optionId),
    quantity: integer("quantity").notNull(),
    /** Bought on subscription, renewing every this many weeks; null: bought once. */
    cadenceWeeks: integer("cadence_weeks"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bagId, table.optionId] }),
    check("bag_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
  ],
);
