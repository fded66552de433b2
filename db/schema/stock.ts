import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { skus } from "./catalog.ts";

/**
 * Each SKU's stock (decision 046): what is on the shelf, and how much of it open checkouts hold. What
 * can still be sold is on_hand - held. Every change here is written with its row in stock_movements,
 * so each column is the sum of its movements. A SKU without a row has nothing on hand.
 */
export const stockLevels = pgTable(
  "stock_levels",
  {
    skuId: text("sku_id")
      .primaryKey()
      .references(() => skus.skuId),
    onHand: integer("on_hand").notNull().default(0),
    held: integer("held").notNull().default(0),
    /** Staff hear once when what can be sold falls to this or below. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(20),
    /** Set when the low-stock email went out; cleared when stock is back above the threshold. */
    lowStockAlertedAt: timestamp("low_stock_alerted_at", { withTimezone: true }),
  },
  (table) => [
    check("stock_held_not_negative", sql`${table.held} >= 0`),
    check("stock_threshold_not_negative", sql`${table.lowStockThreshold} >= 0`),
  ],
);

export const STOCK_MOVEMENT_REASONS = ["received", "counted", "damaged", "held", "released", "sold", "returned"] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** The stock ledger: one row per change to a SKU's on-hand or held quantity, never updated. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    skuId: text("sku_id")
      .notNull()
      .references(() => skus.skuId),
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    onHandChange: integer("on_hand_change").notNull(),
    heldChange: integer("held_change").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    orderId: text("order_id"),
    refundId: text("refund_id"),
    /** The staff member's email for an adjustment, with their note. */
    staffEmail: text("staff_email"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("stock_movements_sku_idx").on(table.skuId, table.id),
    index("stock_movements_session_idx").on(table.checkoutSessionId),
    index("stock_movements_order_idx").on(table.orderId),
  ],
);
