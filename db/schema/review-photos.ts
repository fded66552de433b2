import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { reviews } from "./reviews.ts";

/**
 * A member's photo on their review, in the order they gave it. Shown with its review once staff approve
 * it; its variants live in the file store under its content hash (domain/reviews/review-photos.ts),
 * apart from product photos', so no one reads them by the product photos' address.
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: text("id").primaryKey(),
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** The first 16 hex digits of the SHA-256 of the picture: the stored variants' keys are made from it. */
    hash: text("hash").notNull(),
    /** The picture's size upright, in pixels; the widest variant is at most this wide. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The photo's place on its review: the lowest comes first. */
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("review_photos_review_position").on(table.reviewId, table.position),
    // Serving a variant finds the reviews that show the picture.
    index("review_photos_hash_idx").on(table.hash),
  ],
);
