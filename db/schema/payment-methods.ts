import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

/** The merchant's payment methods beside cards (always on): one row (id "shop"); no row, cards only. */
export const paymentMethodSettings = pgTable(
  "payment_method_settings",
  {
    id: text("id").primaryKey().default("shop"),
    paynow: boolean("paynow").notNull().default(false),
    grabpay: boolean("grabpay").notNull().default(false),
    applePay: boolean("apple_pay").notNull().default(false),
    googlePay: boolean("google_pay").notNull().default(false),
    ...timestamps,
  },
  (table) => [check("payment_method_settings_one_row", sql`${table.id} = 'shop'`)],
);
