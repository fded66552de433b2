import type { SubscribedTerms } from "../../db/schema/checkout.ts";
import type { PhotoRef } from "../catalog/photos/photo-variants.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";
import { type DeliveryOption, deliveryChargeFor } from "../delivery/delivery-option.ts";
import { type QuantitySaving, quantitySavings } from "./quantity-prices.ts";

/** The delivery option a bag is priced with: its name and charge. */
export type BagDelivery = Pick<DeliveryOption, "id" | "name" | "priceCents" | "freeFromCents">;

export type BagLine = {
  optionId: string;
  quantity: number;
  product: Pick<Product, "id" | "name" | "path" | "series" | "kind" | "campaignDiscountExclusion"> & { picture: PhotoRef | null };
  option: PurchaseOption;
  /** Its option's price times its quantity, before any saving. */
  lineTotalCents: number;
  /** Its share of what its product's boxes save bought together (quantity-prices.ts). */
  quantitySavingCents: number;
  /** Bought on subscription: its cadence and discount; null when bought once. */
  subscription: SubscribedTerms | null;
};

export type PricedBag = {
  lines: BagLine[];
  /** Lines whose option is no longer sold: shown to the shopper, never charged. */
  unavailableOptionIds: string[];
  itemCount: number;
  /** The lines' own prices, summed. */
  subtotalCents: number;
  /** Each product's boxes counted together, and what that saves. */
  quantitySavings: QuantitySaving[];
  /** What the goods come to after the quantity savings; shipping is on it. */
  goodsCents: number;
  shippingCents: number;
  totalCents: number;
  delivery: BagDelivery;
};

/** Prices bag lines from the catalogue alone: nothing the client sends is trusted for money. */
export function priceBag(
  lines: ReadonlyArray<{ optionId: string; quantity: number; subscription?: SubscribedTerms | null }>,
  catalogue: ReadonlyMap<string, { product: Product; option: PurchaseOption }>,
  delivery: BagDelivery,
): PricedBag {
  const unavailableOptionIds: string[] = [];
  const priced = lines.flatMap((line) => {
    const entry = catalogue.get(line.optionId);
    if (!entry) {
      unavailableOptionIds.push(line.optionId);
      return [];
    }
    const subscription = line.subscription ?? null;
    const lineTotalCents = entry.option.optionPriceCents * line.quantity;
    return [{ ...line, ...entry, subscription, subscribed: subscription !== null, lineTotalCents }];
  });
  const { savings, shares } = quantitySavings(priced);
  const subtotalCents = priced.reduce((total, line) => total + line.lineTotalCents, 0);
  const goodsCents = subtotalCents - shares.reduce((total, share) => total + share, 0);
  const shippingCents = deliveryChargeFor(goodsCents, delivery);
  return {
    lines: priced.map(({ optionId, quantity, product, option, lineTotalCents, subscription }, index) => {
      const { id, name, path, series, kind, campaignDiscountExclusion, images } = product;
      return {
        optionId,
        quantity,
        product: { id, name, path, series, kind, campaignDiscountExclusion, picture: images[0] ?? null },
        option,
        lineTotalCents,
        quantitySavingCents: shares[index] ?? 0,
        subscription,
      };
    }),
    unavailableOptionIds,
    itemCount: priced.reduce((total, line) => total + line.quantity, 0),
    subtotalCents,
    quantitySavings: savings,
    goodsCents,
    shippingCents,
    totalCents: goodsCents + shippingCents,
    delivery,
  };
}
