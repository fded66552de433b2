import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { StaffPermission } from "../../kernel/staff-permissions.ts";

/** The people an owner let into the back office. Owners named by OWNER_EMAILS need no row. */
export const staff = pgTable("staff", {
  id: text("id").primaryKey(),
  /** Lower case: the verified email a sign-in must show. */
  email: text("email").notNull().unique(),
  role: text("role", { enum: ["owner", "staff"] }).notNull(),
  /** What a "staff" role may do; owners may do everything whatever this holds. */
  permissions: jsonb("permissions").$type<StaffPermission[]>().notNull(),
  /** The email of the owner who added them. */
  addedBy: text("added_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * Back-office sign-ins, apart from members' sessions: the browser holds a random token, this table its
 * SHA-256. Who the staff member is and what they may do is read from `staff` at every request.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    csrfToken: text("csrf_token").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("staff_sessions_email_idx").on(table.email)],
);

/** Every staff action, written in the transaction of the change it records. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** The staff row's id, or the email of an owner OWNER_EMAILS names. */
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    /** What was acted on, e.g. the staff member's email. */
    target: text("target").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_actor_idx").on(table.actorEmail, table.createdAt),
    index("audit_log_action_idx").on(table.action, table.createdAt),
  ],
);
