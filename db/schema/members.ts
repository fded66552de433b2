import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PROVIDER_TYPES } from "../../kernel/identity.ts";
import { timestamps } from "./timestamps.ts";

/** A loyalty member. `points` always equals the sum of the member's point transactions. */
export const members = pgTable(
  "members",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    googleEmail: text("google_email"),
    facebookEmail: text("facebook_email"),
    /** The address the member signs in with by email code. */
    codeEmail: text("code_email"),
    name: text("name").notNull().default(""),
    picture: text("picture"),
    membershipStatus: text("membership_status", { enum: ["green", "gold"] })
      .notNull()
      .default("green"),
    totalSpentCents: integer("total_spent_cents").notNull().default(0),
    points: integer("points").notNull().default(0),
    membershipStartAt: timestamp("membership_start_at", { withTimezone: true }).notNull().defaultNow(),
    goldStartAt: timestamp("gold_start_at", { withTimezone: true }),
    /**
     * Where the spend that counts for the tier starts when later than membershipStartAt: the start of
     * the window that earned the current gold, or the end of the last gold year after a return to green.
     */
    tierWindowStartAt: timestamp("tier_window_start_at", { withTimezone: true }),
    purchaseCount: integer("purchase_count").notNull().default(0),
    /** Ids of the earn actions the member has completed. */
    activities: jsonb("activities").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    check("members_points_not_negative", sql`${table.points} >= 0`),
    check("members_total_spent_not_negative", sql`${table.totalSpentCents} >= 0`),
    uniqueIndex("members_google_email").on(table.googleEmail),
    uniqueIndex("members_facebook_email").on(table.facebookEmail),
    uniqueIndex("members_code_email").on(table.codeEmail),
    index("members_email_idx").on(table.email),
    index("members_gold_start_idx").on(table.goldStartAt),
  ],
);

/** A social account or email-code address (a user of the identity provider) that signs in as a member: one per provider per member. */
export const memberIdentities = pgTable(
  "member_identities",
  {
    subject: text("subject").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PROVIDER_TYPES }).notNull(),
    email: text("email").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("member_identities_one_per_provider").on(table.memberId, table.provider)],
);
