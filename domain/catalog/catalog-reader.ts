import type { Database } from "../../db/client.ts";
import { loadProducts } from "./load-catalog.ts";
import type { Product } from "./types.ts";

/** Where use cases read the catalogue (every product, active or not) from. */
export type CatalogReader = { products(): Promise<Product[]> };

export function catalogFromDatabase(db: Database): CatalogReader {
  return { products: () => loadProducts(db) };
}

/**
 * The catalogue kept in memory for as long as its revision stays the same. The revision is read
 * before the products, so a change that lands in between only causes one more load, never an old
 * price; a failed load is forgotten so the next call tries again.
 */
export function catalogCachedByRevision(db: Database, revision: () => Promise<number>): CatalogReader {
  let cached: { revision: number; products: Promise<Product[]> } | null = null;
  return {
    async products() {
      const current = await revision();
      if (cached?.revision !== current) {
        const entry = {
          revision: current,
          products: loadProducts(db).catch((error: unknown) => {
            if (cached === entry) cached = null;
            throw error;
          }),
        };
        cached = entry;
      }
      return cached.products;
    },
  };
}
