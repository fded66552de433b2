import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines } from "../../db/schema/bags.ts";
import { isValidOptionId } from "../../kernel/option-id.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
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

/** A bag's lines priced from the catalogue; no bag is an empty bag. The lines are read once per request. */
export async function loadBag(ctx: Pick<OperationContext, "db" | "catalog" | "reads">, bagId: string | null): Promise<PricedBag> {
  if (!bagId) return priceBag([], new Map());
  const lines = await sharedRead(ctx, `bag-lines:${bagId}`, () =>
    ctx.db
      .select({ optionId: bagLines.optionId, quantity: bagLines.quantity })
      .from(bagLines)
      .where(eq(bagLines.bagId, bagId))
      .orderBy(asc(bagLines.addedAt), asc(bagLines.optionId)),
  );
  const catalogue = await findPurchaseOptions(
    ctx.catalog,
    lines.map((line) => line.optionId),
  );
  return priceBag(lines, catalogue);
}

/** A purchase option id as a bag form sends it. */
export const optionIdInput = z
  .string({ error: "That purchase option id is not valid." })
  .refine(isValidOptionId, { error: "That purchase option id is not valid." });
