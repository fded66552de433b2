import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { timestamps } from "./timestamps.ts";

/** The append-only points ledger. `points` is a magnitude; `transactionType` says which way it moved. */
export const pointTransactions = pgTable(
  "point_transactions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    activityType: text("activity_type").notNull(),
    transactionType: text("transaction_type", { enum: ["credit", "debit"] }).notNull(),
    points: integer("points").notNull(),
    spentCents: integer("spent_cents").notNull().default(0),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    /** Makes a credit happen once however often it is retried (e.g. `sign-up:{memberId}`). */
    idempotencyKey: text("idempotency_key").unique(),
    /** The programme version whose rules made the entry (decision 040). */
    programmeVersion: integer("programme_version").notNull(),
    transactionAt: timestamp("transaction_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    check("point_transactions_points_not_negative", sql`${table.points} >= 0`),
    // Serves the point history's pages (newest first by transaction time, then id) and time windows.
    index("point_transactions_member_history_idx").on(table.memberId, table.transactionAt, table.id),
    // Serves a member's entries of one kind in a time window (the qualifying spend of the tiers).
    index("point_transactions_member_kind_idx").on(table.memberId, table.activityType, table.transactionAt),
    // The points moved by direction and kind (the metrics' totals) from the index alone.
    index("point_transactions_totals_idx").on(table.transactionType, table.activityType, table.points),
  ],
);
