import { z } from "zod";
import { isAppError } from "../../kernel/app-error.ts";
import { bagHolder, bagPromotionCode, loadBag } from "../bag/held-bag.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { defineOperation } from "../shared/operation.ts";
import { endOpenCheckouts } from "./close-checkout.ts";
import { type CheckoutPricing, priceCheckout } from "./price-checkout.ts";

export type CheckoutSummary = { bag: PricedBag; pricing: CheckoutPricing; promotionError: string | null };

export const CheckoutSummaryInput = z.object({
  /** The shopper came back from the payment page without paying (its cancel address). */
  cancelledPayment: z.boolean().optional(),
});

const declared = { access: bagHolder, input: CheckoutSummaryInput };

/**
 * checkoutSummary: the viewer's own bag priced for checkout; a code that stopped being usable is left
 * out and reported. Back from payment unpaid, the bag's open checkouts are ended first, so the
 * promotion use they held is free for the next attempt.
 */
export const checkoutSummary = defineOperation(
  declared,
  async function checkoutSummary(ctx, input, { id: bagId }): Promise<CheckoutSummary> {
    if (bagId && input.cancelledPayment) await endOpenCheckouts(ctx, bagId);
    const bag = await loadBag(ctx, bagId);
    const code = bagId ? await bagPromotionCode(ctx, bagId) : null;
    const now = ctx.now();
    if (!code) return { bag, pricing: await priceCheckout(ctx.db, bag, null, now), promotionError: null };
    try {
      return { bag, pricing: await priceCheckout(ctx.db, bag, code, now), promotionError: null };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { bag, pricing: await priceCheckout(ctx.db, bag, null, now), promotionError: `${code}: ${error.message}` };
    }
  },
);
