import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orderLines, orders } from "./orders.ts";

/**
 * Money given back on an order, through the payment provider: asked for by staff (pending until the
 * provider confirms it) or made in the provider's dashboard (known by its webhook). The provider's
 * refund id is unique, so a refund is never counted twice whichever way it is learnt of.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    source: text("source", { enum: ["staff", "provider"] }).notNull(),
    status: text("status", { enum: ["pending", "succeeded"] }).notNull(),
    /** A refund that cancels the order (paid, not shipped): the order ends cancelled rather than refunded. */
    cancelsOrder: boolean("cancels_order").notNull().default(false),
    /** The staff member put the credited boxes back on the shelf (a cancel always does). */
    restock: boolean("restock").notNull().default(false),
    providerRefundId: text("provider_refund_id").unique(),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("refunds_order_idx").on(table.orderId),
    // Refunds and their amounts by status (the metrics' totals) from the index alone.
    index("refunds_status_amount_idx").on(table.status, table.amountCents),
    check("refund_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The order lines a refund credits and how many of each: the lines staff chose, or every box still
 * open once a refund leaves nothing of the order to refund. Pending refunds count too, so a line is
 * never refunded past what was bought.
 */
export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: text("refund_id")
      .notNull()
      .references(() => refunds.id),
    orderId: text("order_id").notNull(),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.position] }),
    foreignKey({
      name: "refund_lines_order_line_fk",
      columns: [table.orderId, table.position],
      foreignColumns: [orderLines.orderId, orderLines.position],
    }),
    index("refund_lines_order_idx").on(table.orderId),
    check("refund_line_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
