import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/** Staff's own notes on an order: who wrote what, when. Never shown to the shopper. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    authorId: text("author_id").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_notes_order_idx").on(table.orderId, table.createdAt)],
);

/** Short labels staff put on an order ("gift", "fragile"): each once per order. Never shown to the shopper. */
export const orderTags = pgTable(
  "order_tags",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.tag] }), index("order_tags_tag_idx").on(table.tag)],
);
