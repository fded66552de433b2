import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
 * The embedded provider's sign-in codes sent by email: one live code per sign-in (interaction), kept
 * only as a keyed hash, for a few minutes and a few tries, used once.
 */
export const emailSignInCodes = pgTable(
  "email_sign_in_codes",
  {
    id: text("id").primaryKey(),
    interactionUid: text("interaction_uid").notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    tries: integer("tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_sign_in_codes_interaction_idx").on(table.interactionUid)],
);
