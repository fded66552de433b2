import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
