import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { PROVIDER_TYPES } from "../../kernel/identity.ts";
import { members } from "./members.ts";

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
