import { parseOptionId } from "../../kernel/option-id.ts";
import type { CatalogReader } from "./catalog-reader.ts";
import type { Product, PurchaseOption } from "./types.ts";

/** Pouch options sold through promotions: found even though their products are inactive. */
export const ALWAYS_AVAILABLE_OPTION_IDS: ReadonlySet<string> = new Set(["op-pmbas6-6pu", "op-pmbas12-12pu"]);

export type LookupOptions = { includeInactive?: boolean };

/**
 * Whether an option is on sale: switched on, of an active product (the pouch samplers whatever their
 * product); anything when inactive ones are asked for.
 */
export function isOptionAvailable(
  product: Pick<Product, "active">,
  option: Pick<PurchaseOption, "optionId" | "active">,
  lookup: LookupOptions = {},
): boolean {
  if (lookup.includeInactive === true) return true;
  return option.active && (product.active || ALWAYS_AVAILABLE_OPTION_IDS.has(option.optionId));
}

/** Finds purchase options by id under the lookup rules; malformed, unknown and unavailable ids are left out. */
export async function findPurchaseOptions(
  catalog: CatalogReader,
  optionIds: string[],
  lookup: LookupOptions = {},
): Promise<Map<string, { product: Product; option: PurchaseOption }>> {
  const wanted = new Set(optionIds.filter((id) => parseOptionId(id) !== null));
  const found = new Map<string, { product: Product; option: PurchaseOption }>();
  if (wanted.size === 0) return found;
  const index = await catalog.index();
  for (const optionId of wanted) {
    const entry = index.option(optionId);
    if (entry && isOptionAvailable(entry.product, entry.option, lookup)) found.set(optionId, entry);
  }
  return found;
}
