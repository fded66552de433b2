import type { Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { divideCents } from "../../kernel/money.ts";
import { parseOptionId } from "../../kernel/option-id.ts";

/** How many boxes (or pouches) an option holds, read from its id: op-m8_ba-3b holds 3. */
export function unitCount(option: Pick<PurchaseOption, "optionId">): number {
  return parseOptionId(option.optionId)?.count ?? 1;
}

/** What one unit of an option is called: a pouch for pouch options (ids ending "pu"), otherwise a box. */
export function unitWord(option: Pick<PurchaseOption, "optionId">): "pouch" | "box" {
  return option.optionId.endsWith("pu") ? "pouch" : "box";
}

export function pricePerUnitCents(option: Pick<PurchaseOption, "optionId" | "optionPriceCents">): number {
  return divideCents(option.optionPriceCents, unitCount(option));
}

export function pricePerServingCents(option: Pick<PurchaseOption, "optionPriceCents" | "servings">): number {
  return divideCents(option.optionPriceCents, Math.max(option.servings, 1));
}

export function lowestPriceCents(product: Product): number {
  return Math.min(...product.options.map((option) => option.optionPriceCents));
}

export function flavoursOf(product: { options: readonly Pick<PurchaseOption, "flavourName">[] }): string[] {
  return [...new Set(product.options.map((option) => option.flavourName).filter((name): name is string => name !== null))];
}

/** The option shown first: of those on sale, a bundle's free-box offer, otherwise the first option. */
export function defaultOption<O extends Pick<PurchaseOption, "isUpsellOption" | "soldOut">>(options: O[]): O | undefined {
  const onSale = options.filter((option) => !option.soldOut);
  return onSale.find((option) => option.isUpsellOption) ?? onSale[0] ?? options[0];
}
