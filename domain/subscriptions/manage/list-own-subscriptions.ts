import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ShippingDetails } from "../../../db/schema/checkout.ts";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import type { SubscriptionStatus } from "../../../kernel/subscription-terms.ts";
import { priceBag } from "../../bag/price-bag.ts";
import { findPurchaseOptions, isOptionAvailable } from "../../catalog/lookup.ts";
import { loadSubscriptionOffer, subscriptionDiscounts } from "../../catalog/subscription-offer.ts";
import { priceCheckout } from "../../checkout/price-checkout.ts";
import { standardDeliveryOf } from "../../delivery/delivery-options.ts";
import { viewerMember } from "../../shared/access.ts";
import type { OperationContext } from "../../shared/context.ts";
import { defineOperation } from "../../shared/operation.ts";
import { pendingRewardLines } from "../../stock/stock-needs.ts";
import type { Subscription } from "./change-subscription.ts";

export const ListOwnSubscriptionsInput = z.object({});

/** One of the member's subscriptions as they manage it. */
export type OwnSubscription = {
  id: string;
  status: SubscriptionStatus;
  optionId: string;
  productId: string | null;
  productName: string;
  flavourName: string | null;
  optionName: string;
  quantity: number;
  cadenceWeeks: number;
  discountPercent: number;
  /** The Singapore day (YYYY-MM-DD) of the next box; null once cancelled. */
  nextRenewalOn: string | null;
  pausedUntil: string | null;
  /** What the next box will cost at today's prices less its discount, shipping included; null when its option is not on sale. */
  nextAmountCents: number | null;
  cardBrand: string;
  cardLast4: string;
  shipping: ShippingDetails;
  /** The address-book entry the boxes ship to; null when the address was typed. */
  addressId: string | null;
  cancelledAt: Date | null;
};

/** An option a subscription may be swapped to. */
export type SwapChoice = {
  optionId: string;
  productId: string;
  productName: string;
  flavourName: string | null;
  optionName: string;
};

export type OwnSubscriptions = {
  subscriptions: OwnSubscription[];
  /** The cadences the merchant offers, in weeks. */
  cadencesWeeks: number[];
  swapChoices: SwapChoice[];
  /** Rewards the member took and has not had sent yet: they ride with the next box (or order), whichever comes first. */
  pendingRewards: string[];
};

const declared = { access: viewerMember, input: ListOwnSubscriptionsInput };

/** What the next renewal costs, priced as the renewal prices it: today's price, its discount, shipping. */
async function nextAmount(ctx: OperationContext, subscription: Subscription): Promise<number | null> {
  const { optionId, quantity, cadenceWeeks, discountPercent } = subscription;
  const found = await findPurchaseOptions(ctx.catalog, [optionId]);
  if (!found.has(optionId)) return null;
  const bag = priceBag(
    [{ optionId, quantity, subscription: { cadenceWeeks, discountPercent } }],
    found,
    await standardDeliveryOf(ctx),
  );
  const pricing = await priceCheckout(ctx.db, bag, { promotionCode: null, referral: null }, ctx.now());
  return pricing.totalCents;
}

/**
 * listOwnSubscriptions: the signed-in member's subscriptions, running and paused first, then ended
 * ones, with what the next box costs today; the cadences and options they may change to; and the
 * rewards that will ride with their next box.
 */
export const listOwnSubscriptions = defineOperation(
  declared,
  async function listOwnSubscriptions(ctx, _input, memberId): Promise<OwnSubscriptions> {
    const rows = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.memberId, memberId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
    const index = await ctx.catalog.index();
    const offer = await loadSubscriptionOffer(ctx.db);
    const own = await Promise.all(
      rows.map(async (row): Promise<OwnSubscription> => {
        const entry = index.option(row.optionId);
        const live = row.status !== "cancelled";
        return {
          id: row.id,
          status: row.status,
          optionId: row.optionId,
          productId: entry?.product.id ?? null,
          productName: entry?.product.name ?? row.optionId,
          flavourName: entry?.option.flavourName ?? null,
          optionName: entry?.option.optionName ?? "",
          quantity: row.quantity,
          cadenceWeeks: row.cadenceWeeks,
          discountPercent: row.discountPercent,
          nextRenewalOn: live ? row.nextRenewalOn : null,
          pausedUntil: row.pausedUntil,
          nextAmountCents: live ? await nextAmount(ctx, row) : null,
          cardBrand: row.cardBrand,
          cardLast4: row.cardLast4,
          shipping: row.shipping,
          addressId: row.addressId,
          cancelledAt: row.cancelledAt,
        };
      }),
    );
    const onSale = index.products.flatMap((product) =>
      product.options.filter((option) => isOptionAvailable(product, option)).map((option) => ({ product, option })),
    );
    const subscribable = await subscriptionDiscounts(
      ctx.db,
      offer,
      onSale.map(({ option }) => option.optionId),
    );
    const swapChoices = onSale
      .filter(({ option }) => subscribable.has(option.optionId))
      .map(({ product, option }) => ({
        optionId: option.optionId,
        productId: product.id,
        productName: product.name,
        flavourName: option.flavourName,
        optionName: option.optionName,
      }));
    const rewards = await pendingRewardLines(ctx, memberId);
    return {
      subscriptions: [...own.filter((item) => item.status !== "cancelled"), ...own.filter((item) => item.status === "cancelled")],
      cadencesWeeks: offer.cadencesWeeks,
      swapChoices,
      pendingRewards: rewards.map((line) => `${line.name} × ${line.quantity}`),
    };
  },
);
