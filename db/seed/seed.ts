import { SERIES } from "../../kernel/series.ts";
import type { Database } from "../client.ts";
import { optionSkus, products, purchaseOptions, series, skus } from "../schema/catalog.ts";
import { stockLevels, stockMovements } from "../schema/stock.ts";
import { SEED_PRODUCTS, SEED_SKUS } from "./catalog-data.ts";
import { SERIES_COPY } from "./flavours.ts";

/** What each seeded SKU starts with on hand (decision 046): enough that the shop sells as it did before stock was kept. */
export const OPENING_STOCK = 500;

/**
 * Inserts the catalogue rows that are missing. Existing rows are left as they are, so running it
 * again (every start does) changes nothing and never overwrites an edited price or option line.
 */
export async function seedCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(series)
      .values(SERIES.map((line, index) => ({ ...line, ...SERIES_COPY[line.code], sortOrder: index })))
      .onConflictDoNothing();
    await tx.insert(skus).values(SEED_SKUS).onConflictDoNothing();
    await tx
      .insert(products)
      .values(SEED_PRODUCTS.map(({ options: _options, ...product }, index) => ({ ...product, sortOrder: index })))
      .onConflictDoNothing();
    const options = SEED_PRODUCTS.flatMap((product) => product.options.map((option) => ({ ...option, productId: product.id })));
    const inserted = await tx
      .insert(purchaseOptions)
      .values(options.map(({ skus: _skus, ...option }, index) => ({ ...option, sortOrder: index })))
      .onConflictDoNothing()
      .returning({ optionId: purchaseOptions.optionId });
    // Only a new option gets its seeded lines: staff may have changed the lines of one already there.
    const added = new Set(inserted.map((option) => option.optionId));
    const lines = options
      .filter((option) => added.has(option.optionId))
      .flatMap((option) => option.skus.map((sku) => ({ optionId: option.optionId, ...sku })));
    if (lines.length > 0) await tx.insert(optionSkus).values(lines);
    const opened = await tx
      .insert(stockLevels)
      .values(SEED_SKUS.map((sku) => ({ skuId: sku.skuId, onHand: OPENING_STOCK })))
      .onConflictDoNothing()
      .returning({ skuId: stockLevels.skuId });
    if (opened.length > 0) {
      await tx.insert(stockMovements).values(
        opened.map(({ skuId }) => ({
          skuId,
          reason: "received" as const,
          onHandChange: OPENING_STOCK,
          heldChange: 0,
          note: "Opening stock",
          createdAt: new Date(),
        })),
      );
    }
  });
}
