import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What members can take with points (editable data): a kind of pack, at a points cost. */
export const rewards = pgTable(
  "rewards",
  {
    /** The redemption_product_id of /member/redeem/{id}. */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Which purchase options it can be taken as: 4-serving nectar boxes, 8-serving boxes, pouches or Joffee boxes. */
    optionKind: text("option_kind", { enum: ["box-4", "box-8", "pouch", "joffee-box"] }).notNull(),
    pointsCost: integer("points_cost").notNull(),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("rewards_cost_positive", sql`${table.pointsCost} > 0`)],
);

/** A customer's lifetime value as the merchant keeps it (createOrUpdateLoyalCustomer). */
export const loyalCustomers = pgTable("loyal_customers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  ltvCents: integer("ltv_cents").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
