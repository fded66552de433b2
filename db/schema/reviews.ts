import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REVIEW_STATUSES } from "../../kernel/review-statuses.ts";
import { products } from "./catalog.ts";
import { members } from "./members.ts";

/**
 * A member's rating and words about a product they bought. Shoppers see it only once staff approve
 * it; one review per member and product.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** How the review is signed on the product page: the member's first name and initial. */
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    /** The staff member who approved or rejected it (as the audit log names them), and when. */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    uniqueIndex("reviews_one_per_member_and_product").on(table.memberId, table.productId),
    // The product page's approved reviews, newest first.
    index("reviews_product_status_idx").on(table.productId, table.status, table.createdAt),
    // The moderation queue, oldest first.
    index("reviews_status_created_idx").on(table.status, table.createdAt),
  ],
);
