import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { isValidOptionId } from "../../kernel/option-id.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import { loadSubscriptionOffer, subscriptionDiscounts } from "../catalog/subscription-offer.ts";
import { deliveryOptionsOf, optionForBag } from "../delivery/delivery-options.ts";
import type { Access } from "../shared/access.ts";
import { bagTokenOf, type OperationContext } from "../shared/context.ts";
import { sharedRead } from "../shared/shared-reads.ts";
import { bagIdOf, isWellFormedBagToken } from "./bag-token.ts";
import { type PricedBag, priceBag } from "./price-bag.ts";

/** The token of the bag the viewer's browser holds, when its cookie names one; the only bag they may act on. */
export function heldBagToken(ctx: Pick<OperationContext, "viewer">): string | null {
  const token = bagTokenOf(ctx.viewer);
  return isWellFormedBagToken(token) ? token : null;
}

/** The stored id of the viewer's bag, when they hold one. */
export function heldBagId(ctx: Pick<OperationContext, "viewer">): string | null {
  const token = heldBagToken(ctx);
  return token ? bagIdOf(token) : null;
}

/** The bag the viewer's cookie names: its token and stored id, both null when they hold none. */
export type HeldBag = { token: string | null; id: string | null };

/**
 * Acts only on the bag the viewer's own cookie names, handed to the body: a bag is never named by the
 * input, so no one reaches another's. Staff and jobs hold none (theirs is empty, as a new guest's).
 */
export const bagHolder: Access<HeldBag> = {
  kind: "bagHolder",
  admit: (ctx) => {
    const token = heldBagToken(ctx);
    const bag = { token, id: token ? bagIdOf(token) : null };
    return () => bag;
  },
};

type StoredLine = { optionId: string; quantity: number; cadenceWeeks: number | null };
type StoredBag = { lines: StoredLine[]; promotionCode: string | null; deliveryOptionId: string | null };

/** A bag's lines in the order they were added, and the promotion code applied to it: one read per request. */
function readBag(ctx: Pick<OperationContext, "db" | "reads">, bagId: string): Promise<StoredBag> {
  return sharedRead(ctx, `bag:${bagId}`, async () => {
    const rows = await ctx.db
      .select({
        optionId: bagLines.optionId,
        quantity: bagLines.quantity,
        cadenceWeeks: bagLines.cadenceWeeks,
        promotionCode: bags.promotionCode,
        deliveryOptionId: bags.deliveryOptionId,
      })
      .from(bags)
      .leftJoin(bagLines, eq(bagLines.bagId, bags.id))
      .where(eq(bags.id, bagId))
      .orderBy(asc(bagLines.addedAt), asc(bagLines.optionId));
    const lines = rows.flatMap(({ optionId, quantity, cadenceWeeks }) =>
      optionId === null || quantity === null ? [] : [{ optionId, quantity, cadenceWeeks }],
    );
    return { lines, promotionCode: rows[0]?.promotionCode ?? null, deliveryOptionId: rows[0]?.deliveryOptionId ?? null };
  });
}

/** The delivery option the shopper chose for the bag, if any (it may since have been switched off). */
export async function bagDeliveryChoice(ctx: Pick<OperationContext, "db" | "reads">, bagId: string): Promise<string | null> {
  return (await readBag(ctx, bagId)).deliveryOptionId;
}

/** The promotion code applied to the bag, if any. */
export async function bagPromotionCode(ctx: Pick<OperationContext, "db" | "reads">, bagId: string): Promise<string | null> {
  return (await readBag(ctx, bagId)).promotionCode;
}

/**
 * A bag's lines priced from the catalogue, each subscribed line with the discount its option is
 * offered at now (one the offer no longer takes is bought once); no bag is an empty bag.
 */
export async function loadBag(ctx: Pick<OperationContext, "db" | "catalog" | "reads">, bagId: string | null): Promise<PricedBag> {
  if (!bagId) return priceBag([], new Map(), optionForBag(await deliveryOptionsOf(ctx), null));
  const { lines, deliveryOptionId } = await readBag(ctx, bagId);
  const catalogue = await findPurchaseOptions(
    ctx.catalog,
    lines.map((line) => line.optionId),
  );
  const subscribed = lines.filter((line) => line.cadenceWeeks !== null).map((line) => line.optionId);
  const discounts = await subscriptionDiscounts(ctx.db, await loadSubscriptionOffer(ctx.db), subscribed);
  return priceBag(
    lines.map(({ cadenceWeeks, ...line }) => {
      const discountPercent = discounts.get(line.optionId);
      const subscription = cadenceWeeks !== null && discountPercent !== undefined ? { cadenceWeeks, discountPercent } : null;
      return { ...line, subscription };
    }),
    catalogue,
    optionForBag(await deliveryOptionsOf(ctx), deliveryOptionId),
  );
}

/** A purchase option id as a bag form sends it. */
export const optionIdInput = z
  .string({ error: "That purchase option id is not valid." })
  .refine(isValidOptionId, { error: "That purchase option id is not valid." });
