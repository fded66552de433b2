import { and, asc, eq, sql } from "drizzle-orm";
import { bagLines, bags } from "../../db/schema/bags.ts";
import type { Store } from "../catalog/catalog-reader.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import { parseOptionId } from "../catalog/option-id.ts";
import { AppError } from "../shared/app-error.ts";
import { bagIdOf, isWellFormedBagToken, newBagToken } from "./bag-token.ts";
import { type PricedBag, priceBag } from "./price-bag.ts";
import { MAX_LINE_QUANTITY, parseQuantity } from "./quantity.ts";

export async function getBag({ db, catalog }: Store, bagToken: string | null): Promise<PricedBag> {
  if (!isWellFormedBagToken(bagToken)) return priceBag([], new Map());
  const lines = await db
    .select({ optionId: bagLines.optionId, quantity: bagLines.quantity })
    .from(bagLines)
    .where(eq(bagLines.bagId, bagIdOf(bagToken)))
    .orderBy(asc(bagLines.addedAt), asc(bagLines.optionId));
  const catalogue = await findPurchaseOptions(
    catalog,
    lines.map((line) => line.optionId),
  );
  return priceBag(lines, catalogue);
}

async function requireAvailableOption(store: Store, optionId: unknown): Promise<string> {
  const parsed = parseOptionId(optionId);
  if (!parsed) throw new AppError("BAD_USER_INPUT", "That purchase option id is not valid.");
  const found = await findPurchaseOptions(store.catalog, [parsed.optionId]);
  if (!found.has(parsed.optionId)) throw new AppError("NOT_FOUND", "That product option is not available.");
  return parsed.optionId;
}

/**
 * Adds an option to the bag (raising its quantity when already there) in one statement, so two
 * quick clicks never lose an update. Returns the token, new when the shopper had no bag yet.
 */
export async function addToBag(
  store: Store,
  input: { bagToken: string | null; optionId: unknown; quantity: unknown },
): Promise<{ bagToken: string }> {
  const quantity = parseQuantity(input.quantity);
  const optionId = await requireAvailableOption(store, input.optionId);
  const bagToken = isWellFormedBagToken(input.bagToken) ? input.bagToken : newBagToken();
  const bagId = bagIdOf(bagToken);
  await store.db.transaction(async (tx) => {
    await tx
      .insert(bags)
      .values({ id: bagId })
      .onConflictDoUpdate({ target: bags.id, set: { updatedAt: sql`now()` } });
    const updated = await tx
      .insert(bagLines)
      .values({ bagId, optionId, quantity })
      .onConflictDoUpdate({
        target: [bagLines.bagId, bagLines.optionId],
        set: { quantity: sql`${bagLines.quantity} + excluded.quantity` },
        setWhere: sql`${bagLines.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
      })
      .returning({ quantity: bagLines.quantity });
    if (updated.length === 0) {
      throw new AppError("BAD_USER_INPUT", `You can have at most ${MAX_LINE_QUANTITY} of one item in your bag.`);
    }
  });
  return { bagToken };
}

export async function setBagLineQuantity(
  { db }: Store,
  input: { bagToken: string | null; optionId: unknown; quantity: unknown },
): Promise<void> {
  const quantity = parseQuantity(input.quantity);
  const optionId = requireWellFormedOptionId(input.optionId);
  const updated = isWellFormedBagToken(input.bagToken)
    ? await db
        .update(bagLines)
        .set({ quantity })
        .where(and(eq(bagLines.bagId, bagIdOf(input.bagToken)), eq(bagLines.optionId, optionId)))
        .returning({ optionId: bagLines.optionId })
    : [];
  if (updated.length === 0) throw new AppError("NOT_FOUND", "That item is not in your bag.");
}

export async function removeBagLine({ db }: Store, input: { bagToken: string | null; optionId: unknown }): Promise<void> {
  const optionId = requireWellFormedOptionId(input.optionId);
  const removed = isWellFormedBagToken(input.bagToken)
    ? await db
        .delete(bagLines)
        .where(and(eq(bagLines.bagId, bagIdOf(input.bagToken)), eq(bagLines.optionId, optionId)))
        .returning({ optionId: bagLines.optionId })
    : [];
  if (removed.length === 0) throw new AppError("NOT_FOUND", "That item is not in your bag.");
}

function requireWellFormedOptionId(optionId: unknown): string {
  const parsed = parseOptionId(optionId);
  if (!parsed) throw new AppError("BAD_USER_INPUT", "That purchase option id is not valid.");
  return parsed.optionId;
}
