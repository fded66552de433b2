/**
 * A catalogue some times the size of the shop's own: each seeded product again as new products of
 * the same line, kind, flavours, options and prices (limited batches), after the originals in
 * catalogue order, the way a shop adds products as it grows.
 */
import { openDatabase } from "../db/client.ts";
import { optionSkus, products, purchaseOptions } from "../db/schema/catalog.ts";
import { SEED_PRODUCTS } from "../db/seed/catalog-data.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { formatOptionId, parseOptionId } from "../domain/catalog/option-id.ts";

const BATCH_NAMES = ["Sunrise", "Monsoon", "Harbour", "Orchid", "Lantern", "Merlion", "Jade", "Peranakan", "Rooftop"];

function optionIdFor(optionId: string, productId: string): string {
  const parsed = parseOptionId(optionId);
  if (!parsed) throw new Error(`Seed option id ${optionId} is malformed`);
  return formatOptionId({ ...parsed, productId });
}

/** Creates the database in dataDir, seeded, with (scale - 1) generated copies of every product. */
export async function seedScaledCatalog(dataDir: string, scale: number): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await seedCatalog(database.db);
    const copies = Array.from({ length: scale - 1 }, (_, n) =>
      SEED_PRODUCTS.map((product) => ({ product, id: `${product.id}x${n + 1}`, batch: BATCH_NAMES[n % BATCH_NAMES.length] })),
    ).flat();
    await database.db.transaction(async (tx) => {
      for (const [index, { product, id, batch }] of copies.entries()) {
        const { options, ...fields } = product;
        const sortOrder = SEED_PRODUCTS.length + index;
        await tx.insert(products).values({ ...fields, id, name: `${product.name}, ${batch} batch`, sortOrder });
        const rows = options.map((option) => ({ ...option, optionId: optionIdFor(option.optionId, id), productId: id }));
        await tx
          .insert(purchaseOptions)
          .values(rows.map(({ skus: _skus, ...option }, n) => ({ ...option, sortOrder: sortOrder * 100 + n })));
        await tx
          .insert(optionSkus)
          .values(rows.flatMap((option) => option.skus.map((sku) => ({ optionId: option.optionId, ...sku }))));
      }
    });
    return SEED_PRODUCTS.length * scale;
  } finally {
    await database.close();
  }
}
