import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CheckoutLine, promotionCodes } from "../../db/schema/orders.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { shippingFor } from "../bag/price-bag.ts";
import {
  assertPromotionUsable,
  discountPerLine,
  excludedFrom,
  normalizePromotionCode,
  type Promotion,
} from "../promotions/promotion.ts";

export type CheckoutPricing = {
  lines: CheckoutLine[];
  promotionCode: string | null;
  subtotalCents: number;
  discountCents: number;
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

/** Prices a bag for checkout from the catalogue and a promotion code alone; shipping is on the goods after discount. */
export async function priceCheckout(
  db: Database,
  bag: PricedBag,
  code: string | null,
  now = new Date(),
): Promise<CheckoutPricing> {
  const promotion = code ? assertPromotionUsable(await findPromotion(db, code), now, bag.subtotalCents) : null;
  const discounts = promotion
    ? discountPerLine(
        promotion,
        bag.lines.map((line) => ({ lineTotalCents: line.lineTotalCents, excluded: excludedFrom(promotion, line.product) })),
      )
    : bag.lines.map(() => 0);
  const lines = bag.lines.map((line, index) => {
    const discountCents = discounts[index] ?? 0;
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
  const discountCents = discounts.reduce((sum, value) => sum + value, 0);
  const goodsCents = bag.subtotalCents - discountCents;
  const shippingCents = shippingFor(goodsCents);
  return {
    lines,
    promotionCode: promotion?.code ?? null,
    subtotalCents: bag.subtotalCents,
    discountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents,
  };
}
