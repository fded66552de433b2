import { formatOptionId, parseOptionId } from "../../kernel/option-id.ts";
import type { Database } from "../client.ts";
import { optionSkus, products, purchaseOptions } from "../schema/catalog.ts";
import { SEED_PRODUCTS } from "./catalog-data.ts";

const BATCH_NAMES = ["Sunrise", "Monsoon", "Harbour", "Orchid", "Lantern", "Merlion", "Jade", "Peranakan", "Rooftop"];

function optionIdFor(optionId: string, productId: string): string {
  const parsed = parseOptionId(optionId);
  if (!parsed) throw new Error(`Seed option id ${optionId} is malformed`);
  return formatOptionId({ ...parsed, productId });
}

/**
 * For benchmarks and tests: the seeded catalogue grown to `scale` times its size, the way a shop
 * grows. Every seeded product comes again (scale - 1) times as a batch of the same line, kind,
 * flavours, options and prices (`m8x1`, "…, Sunrise batch"), after the originals in catalogue order.
 * Returns how many products the catalogue then holds.
 */
export async function growCatalog(db: Database, scale: number): Promise<number> {
  const copies = Array.from({ length: scale - 1 }, (_, n) =>
    SEED_PRODUCTS.map((product) => ({ product, id: `${product.id}x${n + 1}`, batch: BATCH_NAMES[n % BATCH_NAMES.length] })),
  ).flat();
  await db.transaction(async (tx) => {
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
}
