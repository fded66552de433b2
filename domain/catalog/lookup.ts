import type { Database } from "../../db/client.ts";
import { loadProducts } from "./load-catalog.ts";
import { parseOptionId } from "./option-id.ts";
import type { SeriesCode } from "./series.ts";
import type { Product, PurchaseOption } from "./types.ts";

/** Pouch options sold through promotions: found even though their products are inactive. */
export const ALWAYS_AVAILABLE_OPTION_IDS: ReadonlySet<string> = new Set(["op-pmbas6-6pu", "op-pmbas12-12pu"]);

export type LookupOptions = { includeInactive?: boolean };

export async function listProducts(
  db: Database,
  filter: LookupOptions & { seriesCode?: SeriesCode; kind?: Product["kind"] } = {},
): Promise<Product[]> {
  const all = await loadProducts(db);
  return all.filter(
    (product) =>
      (filter.includeInactive || product.active) &&
      (!filter.seriesCode || product.series.code === filter.seriesCode) &&
      (!filter.kind || product.kind === filter.kind),
  );
}

export async function findProduct(db: Database, productId: string, lookup: LookupOptions = {}): Promise<Product | null> {
  const [product] = await loadProducts(db, { productIds: [productId] });
  if (!product || (!product.active && !lookup.includeInactive)) return null;
  return product;
}

export function isOptionAvailable(product: Pick<Product, "active">, optionId: string, lookup: LookupOptions = {}): boolean {
  return product.active || lookup.includeInactive === true || ALWAYS_AVAILABLE_OPTION_IDS.has(optionId);
}

/** Finds purchase options by id under the lookup rules; malformed, unknown and unavailable ids are left out. */
export async function findPurchaseOptions(
  db: Database,
  optionIds: string[],
  lookup: LookupOptions = {},
): Promise<Map<string, { product: Product; option: PurchaseOption }>> {
  const wellFormed = optionIds.filter((id) => parseOptionId(id) !== null);
  const found = new Map<string, { product: Product; option: PurchaseOption }>();
  for (const product of await loadProducts(db, { optionIds: wellFormed })) {
    for (const option of product.options) {
      if (isOptionAvailable(product, option.optionId, lookup)) found.set(option.optionId, { product, option });
    }
  }
  return found;
}
