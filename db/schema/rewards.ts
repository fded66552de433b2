import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { pointTransactions } from "./points.ts";
import { timestamps } from "./timestamps.ts";

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

/** How a reward read when it was ordered. */
export type RedeemOrderedAs = { rewardName: string; productName: string; optionName: string; flavourName: string | null };

/** A reward taken with points: Pending in the bag, Ordered once attached to an order. */
export const redeems = pgTable(
  "redeems",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    pointTransactionId: text("point_transaction_id")
      .notNull()
      .references(() => pointTransactions.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["Pending", "Ordered", "Cancelled", "Expired"] })
      .notNull()
      .default("Pending"),
    /** The reward taken (rewards.id) and its cost per item when taken, so returns give back what was paid. */
    rewardId: text("reward_id").notNull(),
    pointsEach: integer("points_each").notNull(),
    optionId: text("option_id").notNull(),
    quantity: integer("quantity").notNull(),
    orderId: text("order_id"),
    /** The reward's and its option's names when it went out with an order: its invoice keeps them. */
    orderedAs: jsonb("ordered_as").$type<RedeemOrderedAs>(),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    index("redeems_member_idx").on(table.memberId),
    // One Pending redeem per option per member: adding the option again raises its quantity.
    uniqueIndex("redeems_one_pending_per_option").on(table.memberId, table.optionId).where(sql`${table.status} = 'Pending'`),
    index("redeems_order_idx").on(table.orderId),
    // The expiry job's scan: Pending redeems by age.
    index("redeems_pending_created_idx").on(table.createdAt).where(sql`${table.status} = 'Pending'`),
  ],
);
