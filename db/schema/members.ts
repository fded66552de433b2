import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PROVIDER_TYPES } from "../../kernel/identity.ts";
import { timestamps } from "./timestamps.ts";

/** How a reward read when it was ordered. */
export type RedeemOrderedAs = { rewardName: string; productName: string; optionName: string; flavourName: string | null };

/** A loyalty member. `points` always equals the sum of the member's point transactions. */
export const members = pgTable(
  "members",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    googleEmail: text("google_email"),
    facebookEmail: text("facebook_email"),
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
    index("members_email_idx").on(table.email),
    index("members_gold_start_idx").on(table.goldStartAt),
  ],
);

/** A social account (a user of the identity provider) that signs in as a member: one per provider per member. */
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

/** A signed-in browser: the cookie holds a random token, this table its hash and the provider's tokens. */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    provider: text("provider", { enum: PROVIDER_TYPES }).notNull(),
    accessToken: text("access_token").notNull(),
    idToken: text("id_token"),
    refreshToken: text("refresh_token"),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    csrfToken: text("csrf_token").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end: 30 days after sign-in and never beyond the refresh token. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("member_sessions_member_idx").on(table.memberId)],
);

/** A sign-in or link started in this browser and not yet returned: state, PKCE verifier and nonce. */
export const signInAttempts = pgTable("sign_in_attempts", {
  state: text("state").primaryKey(),
  /** Hash of the cookie that ties the attempt to the browser that started it. */
  browserHash: text("browser_hash").notNull(),
  purpose: text("purpose", { enum: ["login", "link", "staff"] }).notNull(),
  provider: text("provider", { enum: PROVIDER_TYPES }).notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  returnPath: text("return_path").notNull(),
  memberId: text("member_id").references(() => members.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The embedded identity provider's state (sessions, grants, codes, tokens, keys), so a restart keeps it. */
export const identityProviderRecords = pgTable(
  "identity_provider_records",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index("identity_provider_records_grant_idx").on(table.grantId),
    index("identity_provider_records_uid_idx").on(table.uid),
  ],
);

/**
 * A warning due to a member that their points expire (decision 043): written once per member, expiry
 * date and number of days before by the scheduled loyalty work, sent by the mailer, which marks it sent.
 */
export const expiryWarnings = pgTable(
  "expiry_warnings",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The Singapore date the points expire on, YYYY-MM-DD. */
    expiresOn: text("expires_on").notNull(),
    /** Which of the version's warning days this is (30: the warning 30 days before). */
    daysBefore: integer("days_before").notNull(),
    /** The balance that would expire, when the warning was written. */
    points: integer("points").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("expiry_warnings_once").on(table.memberId, table.expiresOn, table.daysBefore),
    // The mailer's scan: warnings not sent yet.
    index("expiry_warnings_unsent_idx").on(table.createdAt).where(sql`${table.sentAt} is null`),
  ],
);
