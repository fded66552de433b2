import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { timestamps } from "./timestamps.ts";

/**
 * An address in a member's address book (decision 064): who receives and where, checked as the
 * checkout's delivery form checks them. At most one per member is the default; it goes with the member.
 */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The member's own name for it: Home, Office. */
    label: text("label").notNull(),
    name: text("name").notNull(),
    /** Stored as the shipping form stores it: +65 and eight digits. */
    mobile: text("mobile").notNull(),
    street: text("street").notNull(),
    /** "#12-34"; empty for a house with none. */
    unit: text("unit").notNull().default(""),
    postalCode: text("postal_code").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("member_addresses_member_idx").on(table.memberId),
    uniqueIndex("member_addresses_one_default").on(table.memberId).where(sql`${table.isDefault}`),
  ],
);
