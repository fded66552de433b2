import type { SubscribedTerms } from "../../db/schema/checkout.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";

export const FREE_SHIPPING_FROM_CENTS = 6000;
export const SHIPPING_FEE_CENTS = 490;

export type BagLine = {
  optionId: string;
  quantity: number;
  product: Pick<Product, "id" | "name" | "path" | "series" | "kind" | "campaignDiscountExclusion">;
  option: PurchaseOption;
  lineTotalCents: number;
  /** Bought on subscription: its cadence and discount; null when bought once. */
  subscription: SubscribedTerms | null;
};

export type PricedBag = {
  lines: BagLine[];
  /** Lines whose option is no longer sold: shown to the shopper, never charged. */
  unavailableOptionIds: string[];
  itemCount: number;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
};

export function shippingFor(subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  return subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_FEE_CENTS;
}

/** Prices bag lines from the catalogue alone: nothing the client sends is trusted for money. */
export function priceBag(
  lines: ReadonlyArray<{ optionId: string; quantity: number; subscription?: SubscribedTerms | null }>,
  catalogue: ReadonlyMap<string, { product: Product; option: PurchaseOption }>,
): PricedBag {
  const priced: BagLine[] = [];
  const unavailableOptionIds: string[] = [];
  for (const line of lines) {
    const entry = catalogue.get(line.optionId);
    if (!entry) {
      unavailableOptionIds.push(line.optionId);
      continue;
    }
    const { id, name, path, series, kind, campaignDiscountExclusion } = entry.product;
    priced.push({
      optionId: line.optionId,
      quantity: line.quantity,
      product: { id, name, path, series, kind, campaignDiscountExclusion },
      option: entry.option,
      lineTotalCents: entry.option.optionPriceCents * line.quantity,
      subscription: line.subscription ?? null,
    });
  }
  const subtotalCents = priced.reduce((total, line) => total + line.lineTotalCents, 0);
  const shippingCents = shippingFor(subtotalCents);
  return {
    lines: priced,
    unavailableOptionIds,
    itemCount: priced.reduce((total, line) => total + line.quantity, 0),
    subtotalCents,
    shippingCents,
    totalCents: subtotalCents + shippingCents,
  };
}
