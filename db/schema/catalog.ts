import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

export const series = pgTable("series", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  function: text("function"),
  tagline: text("tagline").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const skus = pgTable("skus", {
  skuId: text("sku_id").primaryKey(),
  seriesCode: text("series_code")
    .notNull()
    .references(() => series.code),
  flavourName: text("flavour_name").notNull(),
  format: text("format", { enum: ["Nectar", "Shots"] }).notNull(),
  retailPriceCents: integer("retail_price_cents").notNull(),
});

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    seriesCode: text("series_code")
      .notNull()
      .references(() => series.code),
    kind: text("kind", { enum: ["box", "shots", "pouch", "bundle"] }).notNull(),
    active: boolean("active").notNull(),
    campaignDiscountExclusion: boolean("campaign_discount_exclusion").notNull().default(false),
    summary: text("summary").notNull(),
    description: text("description").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (table) => [index("products_series_idx").on(table.seriesCode)],
);

export const purchaseOptions = pgTable(
  "purchase_options",
  {
    optionId: text("option_id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    optionName: text("option_name").notNull(),
    optionPriceCents: integer("option_price_cents").notNull(),
    flavourName: text("flavour_name"),
    isUpsellOption: boolean("is_upsell_option").notNull().default(false),
    /** An option switched off is neither shown nor sold; its product stays. */
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull(),
  },
  (table) => [index("purchase_options_product_idx").on(table.productId)],
);

export const optionSkus = pgTable(
  "option_skus",
  {
    optionId: text("option_id")
      .notNull()
      .references(() => purchaseOptions.optionId),
    skuId: text("sku_id")
      .notNull()
      .references(() => skus.skuId),
    qty: integer("qty").notNull(),
  },
  (table) => [primaryKey({ columns: [table.optionId, table.skuId] })],
);

/** One row, bumped by a trigger on every catalogue change, so cached pages can never show old prices. */
export const catalogRevision = pgTable(
  "catalog_revision",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
  },
  (table) => [check("catalog_revision_single_row", sql`${table.id} = 1`)],
);
