import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { CheckoutLine, SubscribedTerms } from "../../db/schema/checkout.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import type { BagDelivery, BagLine, PricedBag } from "../bag/price-bag.ts";
import { quantitySavingLabel } from "../bag/quantity-prices.ts";
import { deliveryChargeFor } from "../delivery/delivery-option.ts";
import {
  discountLabel,
  type PriceAdjustment,
  REFERRAL_DISCOUNT_LABEL,
  subscriptionDiscountLabel,
} from "../orders/price-adjustment.ts";
import {
  assertPromotionUsable,
  discountPerLine,
  excludedFrom,
  normalizePromotionCode,
  type Promotion,
} from "../promotions/promotion.ts";
import type { ReferralOffer } from "../referrals/referral-offer.ts";

export type CheckoutPricing = {
  /** Each line with its share of every discount in discountCents. */
  lines: CheckoutLine[];
  /** The discounts, in the order they were taken off: the promotion code's, then a referred friend's. */
  adjustments: PriceAdjustment[];
  promotionCode: string | null;
  subtotalCents: number;
  /** Every discount, summed. */
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The delivery option the shipping is for. */
  delivery: BagDelivery;
};

/** What a checkout is priced with besides the bag: the bag's promotion code and a referred friend's offer (referral-offer.ts). */
export type CheckoutDiscounts = { promotionCode: string | null; referral: Pick<ReferralOffer, "code" | "percent"> | null };

/** What a discount looks at of a line: whether its product is excluded from it, and whether it is subscribed. */
type DiscountedLine = {
  product: Pick<BagLine["product"], "id" | "campaignDiscountExclusion">;
  subscription: SubscribedTerms | null;
};

/** A discount granted to a checkout before it is split: its rule, the lines it takes nothing off, and whether a bag it cannot touch is refused (a code) or goes without it. */
export type DiscountGrant = Omit<PriceAdjustment, "cents"> & {
  rule: Pick<Promotion, "kind" | "value">;
  excludes: (line: DiscountedLine) => boolean;
  optional: boolean;
};

export async function findPromotion(db: Database, code: string): Promise<Promotion | undefined> {
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(eq(promotionCodes.code, normalizePromotionCode(code)));
  return row;
}

/**
 * The one split of a checkout's discounts over its lines: each grant in turn off what the ones before
 * it left of each line, in proportion (discountPerLine). An optional grant nothing can take, or that
 * comes to nothing, is left out.
 */
export function splitAcrossLines(
  grants: DiscountGrant[],
  lines: (DiscountedLine & { lineTotalCents: number })[],
): { adjustments: PriceAdjustment[]; perLine: number[] } {
  const perLine = lines.map(() => 0);
  const adjustments: PriceAdjustment[] = [];
  for (const { rule, excludes, optional, ...named } of grants) {
    const left = lines.map((line, index) => ({
      lineTotalCents: line.lineTotalCents - (perLine[index] ?? 0),
      excluded: excludes(line),
    }));
    if (optional && !left.some((line) => !line.excluded && line.lineTotalCents > 0)) continue;
    const shares = discountPerLine(rule, left);
    const cents = shares.reduce((sum, share) => sum + share, 0);
    if (optional && cents === 0) continue;
    shares.forEach((share, index) => {
      perLine[index] = (perLine[index] ?? 0) + share;
    });
    adjustments.push({ ...named, cents });
  }
  return { adjustments, perLine };
}

/** One grant per subscription discount among the bag's subscribed lines, each on the lines sold at it. */
function subscriptionGrants(lines: DiscountedLine[]): DiscountGrant[] {
  const percents = [...new Set(lines.flatMap((line) => (line.subscription ? [line.subscription.discountPercent] : [])))];
  return percents.map((percent) => ({
    source: "subscription",
    code: null,
    label: subscriptionDiscountLabel(percent),
    rule: { kind: "percent", value: percent },
    excludes: (line) => line.subscription?.discountPercent !== percent,
    optional: true,
  }));
}

/** Each product's boxes bought together at its quantity prices, as the first discounts: one per product that saves. */
function quantityAdjustments(bag: Pick<PricedBag, "quantitySavings">): PriceAdjustment[] {
  return bag.quantitySavings.flatMap((saving) =>
    saving.savingCents > 0
      ? [{ source: "quantity" as const, code: null, cents: saving.savingCents, label: quantitySavingLabel(saving) }]
      : [],
  );
}

/**
 * Prices a bag for checkout from the catalogue and its discounts: its boxes' quantity savings
 * (already split over the lines by priceBag), each subscribed line's subscription
 * discount (its price as a subscription), the promotion code, then a referred friend's percentage off the goods after the code, split over the lines by splitAcrossLines;
 * shipping is on the goods after both.
 */
export async function priceCheckout(
  db: Database,
  bag: PricedBag,
  discounts: CheckoutDiscounts,
  now = new Date(),
): Promise<CheckoutPricing> {
  const { promotionCode, referral } = discounts;
  const promotion = promotionCode ? assertPromotionUsable(await findPromotion(db, promotionCode), now, bag.goodsCents) : null;
  const grants: DiscountGrant[] = subscriptionGrants(bag.lines);
  if (promotion) {
    const label = discountLabel(promotion.code);
    const excludes = (line: DiscountedLine) => excludedFrom(promotion, line.product);
    grants.push({ source: "promotion-code", code: promotion.code, label, rule: promotion, excludes, optional: false });
  }
  if (referral) {
    grants.push({
      source: "referral",
      code: referral.code,
      label: REFERRAL_DISCOUNT_LABEL,
      rule: { kind: "percent", value: referral.percent },
      excludes: (line) => line.product.campaignDiscountExclusion,
      optional: true,
    });
  }
  const { adjustments, perLine } = splitAcrossLines(
    grants,
    bag.lines.map((line) => ({ ...line, lineTotalCents: line.lineTotalCents - line.quantitySavingCents })),
  );
  const lines = bag.lines.map((line, index) => {
    const discountCents = line.quantitySavingCents + (perLine[index] ?? 0);
    return {
      optionId: line.optionId,
      productName: line.product.name,
      optionName: line.option.optionName,
      flavourName: line.option.flavourName,
      quantity: line.quantity,
      unitPriceCents: line.option.optionPriceCents,
      discountCents,
      lineTotalCents: line.lineTotalCents - discountCents,
      subscription: line.subscription,
    };
  });
  const discountCents = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const goodsCents = bag.subtotalCents - discountCents;
  const shippingCents = deliveryChargeFor(goodsCents, bag.delivery);
  return {
    lines,
    adjustments: [...quantityAdjustments(bag), ...adjustments],
    promotionCode: promotion?.code ?? null,
    subtotalCents: bag.subtotalCents,
    discountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents,
    delivery: bag.delivery,
  };
}
