import type { subscriptions } from "../../db/schema/subscriptions.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import type { CatalogIndex } from "../catalog/catalog-index.ts";

/**
 * A subscription's item in words: "Luna Collagen Drink · Lychee Luxe · 8-serving box × 2", from the
 * catalogue read before the change's transaction (a read inside it would wait on the transaction).
 */
export function itemOf(
  index: CatalogIndex,
  subscription: Pick<typeof subscriptions.$inferSelect, "optionId" | "quantity">,
): string {
  const { optionId, quantity } = subscription;
  const entry = index.option(optionId);
  const name = entry ? lineDescription({ productName: entry.product.name, ...entry.option }) : optionId;
  return `${name} × ${quantity}`;
}
