import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { members } from "./members.ts";

/**
 * The programme emails a member has turned off, one row per kind (decision 044): every kind is on
 * until the member turns it off on their account page or through an email's unsubscribe link.
 */
export const memberEmailOptOuts = pgTable(
  "member_email_opt_outs",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MEMBER_EMAIL_KINDS }).notNull(),
    /** account: turned off on the account page; link: through an email's unsubscribe link. */
    source: text("source", { enum: ["account", "link"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.kind] })],
);
