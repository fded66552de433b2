import type { Product, PurchaseOption } from "./types.ts";

/**
 * What an option saves, the one rule every price, card and sale table shows: a bundle's price against
 * the same boxes bought one at a time. Only bundles save. A box, shot box or pouch product sells its
 * own boxes, and several of them show their lower price per box rather than a saving.
 */
export function savingOf(
  kind: Product["kind"],
  option: Pick<PurchaseOption, "singleBoxValueCents" | "optionPriceCents">,
): number {
  if (kind !== "bundle") return 0;
  return Math.max(option.singleBoxValueCents - option.optionPriceCents, 0);
}
