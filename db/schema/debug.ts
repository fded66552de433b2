import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/** Test orders a member makes from the debug panel; never mixed with real orders. */
export const dummyOrders = pgTable(
  "dummy_orders",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id").notNull(),
    mobile: text("mobile").notNull(),
    email: text("email").notNull(),
    priceCents: integer("price_cents").notNull(),
    orderedAt: timestamp("ordered_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("dummy_orders_member_idx").on(table.memberId)],
);
