import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
