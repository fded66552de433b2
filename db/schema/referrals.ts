import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REFERRAL_STATES } from "../../kernel/referral-states.ts";
import { members } from "./members.ts";
import { orders } from "./orders.ts";

/** A member's own referral code, made the first time they see it while referrals are on (decision 045). */
export const referralCodes = pgTable("referral_codes", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The device cookies a member has been seen with: a friend's order from one of them is the member's own. */
export const memberDevices = pgTable(
  "member_devices",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.deviceId] }), index("member_devices_device_idx").on(table.deviceId)],
);

/** A referred friend's first order and what became of the referrer's points for it. */
export const referrals = pgTable(
  "referrals",
  {
    id: text("id").primaryKey(),
    referrerMemberId: text("referrer_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    friendEmail: text("friend_email").notNull(),
    friendName: text("friend_name").notNull(),
    /** The friend's delivery address and postal code, as the same-address checks compare them. */
    friendAddress: text("friend_address").notNull(),
    deviceId: text("device_id"),
    state: text("state", { enum: REFERRAL_STATES }).notNull(),
    /** Why the fraud checks refused it or held it for staff (REFERRAL_REASONS). */
    reasons: text("reasons").array().notNull().default(sql`'{}'::text[]`),
    discountCents: integer("discount_cents").notNull(),
    /** The points credited; set when it is rewarded. */
    points: integer("points"),
    programmeVersion: integer("programme_version").notNull(),
    /** When the friend's order was delivered: the refund window runs from here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("referrals_one_per_order").on(table.orderId),
    index("referrals_referrer_idx").on(table.referrerMemberId, table.createdAt),
    index("referrals_due_idx").on(table.deliveredAt).where(sql`${table.state} = 'waiting'`),
    index("referrals_held_idx").on(table.createdAt).where(sql`${table.state} = 'held'`),
  ],
);
