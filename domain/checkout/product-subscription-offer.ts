import { z } from "zod";
import { loadSubscriptionOffer, subscriptionDiscounts } from "../catalog/subscription-offer.ts";
import { discountPerLine } from "../promotions/promotion.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";

/** An option as a subscription sells it: its discount and the price of one after it. */
export type SubscriptionPrice = { discountPercent: number; priceCents: number };

export type ProductSubscriptionOffer = {
  /** The cadences a shopper may choose, in weeks; empty when no option of the product can be subscribed. */
  cadencesWeeks: number[];
  /** Each option that can be subscribed, by id; an option left out is sold once only. */
  options: Record<string, SubscriptionPrice>;
};

/** The price of one of an option on subscription, its discount taken as checkout takes it (discountPerLine). */
export function subscriptionPriceCents(priceCents: number, discountPercent: number): number {
  if (priceCents === 0) return 0;
  const [discount = 0] = discountPerLine({ kind: "percent", value: discountPercent }, [
    { lineTotalCents: priceCents, excluded: false },
  ]);
  return priceCents - discount;
}

export const ProductSubscriptionOfferInput = z.object({ productId: z.string().max(64) });

/**
 * productSubscriptionOffer: how a product on sale can be subscribed to — the shop's cadences and, for
 * each option the offer takes, its subscription price. Open to everyone, as the catalogue is.
 */
export const productSubscriptionOffer = defineOperation(
  { access: anyone, input: ProductSubscriptionOfferInput },
  async function productSubscriptionOffer(ctx, input): Promise<ProductSubscriptionOffer> {
    const product = (await ctx.catalog.index()).product(input.productId, {});
    if (!product) return { cadencesWeeks: [], options: {} };
    const offer = await loadSubscriptionOffer(ctx.db);
    const discounts = await subscriptionDiscounts(
      ctx.db,
      offer,
      product.options.map((option) => option.optionId),
    );
    const options = Object.fromEntries(
      product.options.flatMap((option) => {
        const discountPercent = discounts.get(option.optionId);
        if (discountPercent === undefined) return [];
        return [
          [option.optionId, { discountPercent, priceCents: subscriptionPriceCents(option.optionPriceCents, discountPercent) }],
        ];
      }),
    );
    return { cadencesWeeks: Object.keys(options).length > 0 ? offer.cadencesWeeks : [], options };
  },
);
