import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { promotionCodes } from "../../db/schema/orders.ts";
import { AppError } from "../shared/app-error.ts";
import type { Tx } from "../shared/transaction.ts";

/**
 * Takes one use of a code for a checkout about to open, in one statement: of two shoppers racing for
 * the last use, the second waits for the first and then finds none left.
 */
export async function holdPromotionUse(tx: Tx, code: string): Promise<void> {
  const held = await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promotionCodes.code, code),
        or(isNull(promotionCodes.usageLimit), lt(promotionCodes.timesUsed, promotionCodes.usageLimit)),
      ),
    )
    .returning({ code: promotionCodes.code });
  if (held.length === 0) throw new AppError("BAD_USER_INPUT", "That promotion code has been fully used.");
}

/** Gives back the use a checkout held, when it closes unpaid. */
export async function releasePromotionUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`greatest(${promotionCodes.timesUsed} - 1, 0)` })
    .where(eq(promotionCodes.code, code));
}
