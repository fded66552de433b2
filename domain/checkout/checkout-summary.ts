import { z } from "zod";
import { isAppError } from "../../kernel/app-error.ts";
import { bagHolder, bagPromotionCode, loadBag } from "../bag/held-bag.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { loadSubscriptionOffer } from "../catalog/subscription-offer.ts";
import { deliveryOptionsOf, standardDeliveryOf } from "../delivery/delivery-options.ts";
import { referralOfferFor } from "../referrals/referral-offer.ts";
import { defineOperation } from "../shared/operation.ts";
import { shippedLine, shortLines } from "../stock/stock-needs.ts";
import { endOpenCheckouts } from "./close-checkout.ts";
import { type ShownDelivery, shownDelivery } from "./delivery-choice.ts";
import { type CheckoutPricing, priceCheckout } from "./price-checkout.ts";
import { priceRenewal } from "./renewal-price.ts";
import { needsMember, subscriptionConsent } from "./subscription-consent.ts";

export type CheckoutSummary = {
  bag: PricedBag;
  pricing: CheckoutPricing;
  promotionError: string | null;
  /** Why a remembered friend's link gives this order no discount (referral-offer.ts). */
  referralRefusal: string | null;
  /** The lines there is not enough stock for: a checkout of the bag is refused until they change. */
  shortages: { optionId: string; message: string }[];
  /** The cadences a subscribed line may change to, in weeks. */
  cadencesWeeks: number[];
  /** What each subscribed line's renewals will cost (priceRenewal), by option id. */
  renewalCents: Record<string, number>;
  /** The words the shopper agrees to by paying when the bag subscribes (subscriptionConsent); null when it does not. */
  consent: string | null;
  /** The bag subscribes and the viewer is not signed in: they sign in or join before paying. */
  needsMember: boolean;
  /** The delivery options on offer with what an order placed now is promised, and the one the bag is priced with. */
  delivery: ShownDelivery;
};

export const CheckoutSummaryInput = z.object({
  /** The shopper came back from the payment page without paying (its cancel address). */
  cancelledPayment: z.boolean().optional(),
  /** The referral code the shopper's browser remembers from a member's link (decision 045). */
  referralCode: z.string().max(40).nullish(),
  deviceId: z.string().max(64).nullish(),
});

const declared = { access: bagHolder, input: CheckoutSummaryInput };

/**
 * checkoutSummary: the viewer's own bag priced for checkout; a code that stopped being usable is left
 * out and reported. Back from payment unpaid, the bag's open checkouts are ended first, so the
 * promotion use they held is free for the next attempt. A referred friend's discount shows on its own line,
 * or why there is none (referral-offer.ts); the delivery details given at checkout are checked again there.
 * Lines sold out or short since they were added are named with what to do. A bag that subscribes comes
 * with what each renewal will cost, the consent words paying gives, and whether the viewer must sign in first.
 */
export const checkoutSummary = defineOperation(
  declared,
  async function checkoutSummary(ctx, input, { id: bagId }): Promise<CheckoutSummary> {
    if (bagId && input.cancelledPayment) await endOpenCheckouts(ctx, bagId);
    const bag = await loadBag(ctx, bagId);
    const code = bagId ? await bagPromotionCode(ctx, bagId) : null;
    const now = ctx.now();
    const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
    const { offer, refusal } = await referralOfferFor(ctx, {
      code: input.referralCode ?? null,
      memberId,
      deviceId: input.deviceId ?? null,
    });
    const short = bagId
      ? await shortLines(
          ctx.db,
          bagId,
          bag.lines.map((line) => ({ ...shippedLine(line.product, line.option, line.quantity), optionId: line.optionId })),
        )
      : [];
    const standard = await standardDeliveryOf(ctx);
    const renewals = await Promise.all(
      bag.lines.flatMap((line) =>
        line.subscription
          ? [priceRenewal(ctx.db, line, standard, now).then(({ totalCents }) => [line.optionId, totalCents] as const)]
          : [],
      ),
    );
    const found = {
      bag,
      delivery: shownDelivery(await deliveryOptionsOf(ctx), bag.delivery.id, now),
      referralRefusal: refusal,
      shortages: short.map(({ line, message }) => ({ optionId: line.optionId, message })),
      cadencesWeeks: (await loadSubscriptionOffer(ctx.db)).cadencesWeeks,
      renewalCents: Object.fromEntries(renewals),
      consent: (await subscriptionConsent(ctx.db, ctx.settings, bag.lines, standard, now))?.text ?? null,
      needsMember: needsMember(ctx, bag.lines),
    };
    if (!code)
      return {
        ...found,
        pricing: await priceCheckout(ctx.db, bag, { promotionCode: null, referral: offer }, now),
        promotionError: null,
      };
    try {
      return {
        ...found,
        pricing: await priceCheckout(ctx.db, bag, { promotionCode: code, referral: offer }, now),
        promotionError: null,
      };
    } catch (error) {
      if (!isAppError(error)) throw error;
      const pricing = await priceCheckout(ctx.db, bag, { promotionCode: null, referral: offer }, now);
      return { ...found, pricing, promotionError: `${code}: ${error.message}` };
    }
  },
);
