import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bags } from "../../db/schema/bags.ts";
import { bagIdOf, isWellFormedBagToken } from "../bag/bag-token.ts";
import { getBag } from "../bag/bag-use-cases.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import type { Store } from "../catalog/catalog-reader.ts";
import { AppError, isAppError } from "../shared/app-error.ts";
import { type CheckoutPricing, priceCheckout } from "./price-checkout.ts";
import { normalizePromotionCode } from "./promotion.ts";

export type CheckoutSummary = { bag: PricedBag; pricing: CheckoutPricing; promotionError: string | null };

/** Applies a code only when it is usable now and lowers this bag's price; otherwise says why and changes nothing. */
export async function applyPromotionToBag(store: Store, input: { bagToken: string | null; code: unknown }): Promise<void> {
  const { db } = store;
  const code = normalizePromotionCode(input.code);
  if (!code) throw new AppError("BAD_USER_INPUT", "Enter a promotion code.");
  const bag = await getBag(store, input.bagToken);
  if (!isWellFormedBagToken(input.bagToken) || bag.lines.length === 0) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
  await priceCheckout(db, bag, code);
  await db
    .update(bags)
    .set({ promotionCode: code, updatedAt: new Date() })
    .where(eq(bags.id, bagIdOf(input.bagToken)));
}

export async function removePromotionFromBag(db: Database, bagToken: string | null): Promise<void> {
  if (!isWellFormedBagToken(bagToken)) return;
  await db
    .update(bags)
    .set({ promotionCode: null, updatedAt: new Date() })
    .where(eq(bags.id, bagIdOf(bagToken)));
}

/** The bag priced for checkout; a code that stopped being usable is left out and reported. */
export async function checkoutSummary(store: Store, bagToken: string | null): Promise<CheckoutSummary> {
  const { db } = store;
  const bag = await getBag(store, bagToken);
  const [row] = isWellFormedBagToken(bagToken)
    ? await db
        .select({ code: bags.promotionCode })
        .from(bags)
        .where(eq(bags.id, bagIdOf(bagToken)))
    : [];
  if (!row?.code) return { bag, pricing: await priceCheckout(db, bag, null), promotionError: null };
  try {
    return { bag, pricing: await priceCheckout(db, bag, row.code), promotionError: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { bag, pricing: await priceCheckout(db, bag, null), promotionError: `${row.code}: ${error.message}` };
  }
}
