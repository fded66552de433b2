import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

/**
 * A photo of a product, in the product's gallery order. Its variants live in the file store under its
 * content hash (domain/catalog/photos/photo-variants.ts), so a photo's bytes never change under a name.
 */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    /** The first 16 hex digits of the SHA-256 of the upright, metadata-free picture. */
    hash: text("hash").notNull(),
    alt: text("alt").notNull(),
    /** The picture's size upright, in pixels; the widest variant is at most this wide. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Gallery order: the lowest comes first and is the product's picture in listings. */
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("product_photos_product_idx").on(table.productId, table.position)],
);
