import type { Database } from "../db/client.ts";
import { addToBag, getBag, removeBagLine, setBagLineQuantity } from "./bag/bag-use-cases.ts";
import { readCatalogRevision } from "./catalog/catalog-revision.ts";
import { findProduct, findPurchaseOptions, type LookupOptions, listProducts } from "./catalog/lookup.ts";
import { loadSeriesCopy } from "./catalog/series-copy.ts";

/**
 * The use cases bound to their database: what the adapters (pages, GraphQL) are handed, so they
 * never reach the database themselves.
 */
export function createShop(deps: { db: Database }) {
  const { db } = deps;
  return {
    catalog: {
      revision: () => readCatalogRevision(db),
      seriesCopy: () => loadSeriesCopy(db),
      listProducts: (filter?: Parameters<typeof listProducts>[1]) => listProducts(db, filter),
      findProduct: (productId: string, lookup?: LookupOptions) => findProduct(db, productId, lookup),
      findPurchaseOptions: (optionIds: string[], lookup?: LookupOptions) => findPurchaseOptions(db, optionIds, lookup),
    },
    bag: {
      get: (bagToken: string | null) => getBag(db, bagToken),
      add: (input: Parameters<typeof addToBag>[1]) => addToBag(db, input),
      setQuantity: (input: Parameters<typeof setBagLineQuantity>[1]) => setBagLineQuantity(db, input),
      remove: (input: Parameters<typeof removeBagLine>[1]) => removeBagLine(db, input),
    },
  };
}

export type Shop = ReturnType<typeof createShop>;
