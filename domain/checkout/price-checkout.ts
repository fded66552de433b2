import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { CheckoutLine } from "../../db/schema/orders.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { shippingFor } from "../bag/price-bag.ts";
import {
  assertPromotionUsable,
  type DiscountableLine,
  discountPerLine,
  excludedFrom,
  normalizePromotionCode,
  type Promotion,
} from "../promotions/promotion.ts";

export type CheckoutPricing = {
  lines: CheckoutLine[];
  promotionCode: string | null;
  subtotalCents: number;
  /** Every discount: the promotion code's and the referred friend's together, as the lines carry them. */
  discountCents: number;
  /** The referred friend's first-order discount, its own line in the summary (decision 045). */
  referralDiscountCents: number;
  shippingCents: number;
  totalCents: number;
};

export async function findPromotion(db: Database, code: string): Promise<Promotion | undefined> {
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(eq(promotionCodes.code, normalizePromotionCode(code)));
  return row;
}

/** A referred friend's percentage off what is left of each line after the promotion code; nothing when nothing can take it. */
function referralPerLine(percent: number | null, lines: DiscountableLine[]): number[] {
  const eligible = lines.some((line) => !line.excluded && line.lineTotalCents > 0);
  if (percent === null || !eligible) return lines.map(() => 0);
  return discountPerLine({ kind: "percent", value: percent }, lines);
}

/**
 * Prices a bag for checkout from the catalogue, a promotion code and a referred friend's percentage
 * (referral-offer.ts), the latter off the goods after the code, through the same per-line split;
 * shipping is on the goods after both.
 */
export async function priceCheckout(
  db: Database,
  bag: PricedBag,
  code: string | null,
  now = new Date(),
  referralPercent: number | null = null,
): Promise<CheckoutPricing> {
  const promotion = code ? assertPromotionUsable(await findPromotion(db, code), now, bag.subtotalCents) : null;
  const discounts = promotion
    ? discountPerLine(
        promotion,
        bag.lines.map((line) => ({ lineTotalCents: line.lineTotalCents, excluded: excludedFrom(promotion, line.product) })),
      )
    : bag.lines.map(() => 0);
  const referral = referralPerLine(
    referralPercent,
    bag.lines.map((line, index) => ({
      lineTotalCents: line.lineTotalCents - (discounts[index] ?? 0),
      excluded: line.product.campaignDiscountExclusion,
    })),
  );
  const lines = bag.lines.map((line, index) => {
    const discountCents = (discounts[index] ?? 0) + (referral[index] ?? 0);
    return {
      optionId: line.optionId,
      productName: line.product.name,
      optionName: line.option.optionName,
      flavourName: line.option.flavourName,
      quantity: line.quantity,
      unitPriceCents: line.option.optionPriceCents,
      discountCents,
      lineTotalCents: line.lineTotalCents - discountCents,
    };
  });
  const referralDiscountCents = referral.reduce((sum, value) => sum + value, 0);
  const discountCents = discounts.reduce((sum, value) => sum + value, 0) + referralDiscountCents;
  const goodsCents = bag.subtotalCents - discountCents;
  const shippingCents = shippingFor(goodsCents);
  return {
    lines,
    promotionCode: promotion?.code ?? null,
    subtotalCents: bag.subtotalCents,
    discountCents,
    referralDiscountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents,
  };
}
