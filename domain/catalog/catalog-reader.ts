import type { Database } from "../../db/client.ts";
import type { OperationLog } from "../shared/operation-log.ts";
import type { SharedReads } from "../shared/shared-reads.ts";
import { type CatalogIndex, indexCatalog } from "./catalog-index.ts";
import { loadProducts, loadSeriesCopy } from "./load-catalog.ts";
import type { Product } from "./types.ts";

declare module "../shared/context.ts" {
  interface AreaReaders {
    /** The catalogue every operation reads products from. */
    catalog: CatalogReader;
  }
}

/** Where use cases read the catalogue (every product, active or not) from. */
export type CatalogReader = {
  /** The catalogue with its lookups and listings. */
  index(): Promise<CatalogIndex>;
  /** Every product in catalogue order. */
  products(): Promise<Product[]>;
};

function readerOf(index: () => Promise<CatalogIndex>): CatalogReader {
  return { index, products: async () => (await index()).products };
}

type CatalogLog = Pick<OperationLog, "warn">;

async function loadIndex(db: Database, log: CatalogLog): Promise<CatalogIndex> {
  return indexCatalog(await loadProducts(db, log), await loadSeriesCopy(db));
}

export function catalogFromDatabase(db: Database, log: CatalogLog): CatalogReader {
  return readerOf(() => loadIndex(db, log));
}

/**
 * The catalogue kept in memory, indexed, for as long as its revision stays the same. The revision is
 * read before the products, so a change that lands in between only causes one more load, never an
 * old price; a failed load is forgotten so the next call tries again.
 */
export function catalogCachedByRevision(db: Database, revision: () => Promise<number>, log: CatalogLog): CatalogReader {
  let cached: { revision: number; index: Promise<CatalogIndex> } | null = null;
  return readerOf(async () => {
    const current = await revision();
    if (cached?.revision !== current) {
      const entry = {
        revision: current,
        index: loadIndex(db, log).catch((error: unknown) => {
          if (cached === entry) cached = null;
          throw error;
        }),
      };
      cached = entry;
    }
    return cached.index;
  });
}

/**
 * The catalogue as one request sees it: one revision, asked for once (a query on PostgreSQL) however
 * many lookups the request makes, and asked for again after the request first writes.
 */
export function catalogForRequest(catalog: CatalogReader, reads: SharedReads): CatalogReader {
  return readerOf(() => reads.share("catalogue", () => catalog.index()));
}
