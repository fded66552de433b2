import { isAppError } from "../../kernel/app-error.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { type CheckoutPricing, findPromotion, priceCheckout } from "../checkout/price-checkout.ts";
import type { Promotion } from "../promotions/promotion.ts";
import type { OperationContext } from "../shared/context.ts";

/**
 * How a promotion code prices a bag at checkout, or the exact message a shopper would get instead
 * (then the bag is priced without it, as the checkout summary does).
 */
export type PromotionPreview = {
  promotion: Promotion | null;
  pricing: CheckoutPricing;
  problem: string | null;
};

export async function previewPromotion(
  ctx: Pick<OperationContext, "db" | "now">,
  bag: PricedBag,
  code: string,
): Promise<PromotionPreview> {
  const now = ctx.now();
  const promotion = (await findPromotion(ctx.db, code)) ?? null;
  try {
    return { promotion, pricing: await priceCheckout(ctx.db, bag, { promotionCode: code, referral: null }, now), problem: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      promotion,
      pricing: await priceCheckout(ctx.db, bag, { promotionCode: null, referral: null }, now),
      problem: error.message,
    };
  }
}
