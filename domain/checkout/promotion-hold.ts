import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { checkoutSessions, promotionCodes } from "../../db/schema/orders.ts";
import { AppError } from "../shared/app-error.ts";
import type { Tx } from "../shared/transaction.ts";

/** How often this email has used the code: paid checkouts and those still open (each holds a use). */
async function usesBy(tx: Tx, code: string, email: string): Promise<number> {
  const [row] = await tx
    .select({ uses: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.promotionCode, code),
        inArray(checkoutSessions.status, ["open", "complete"]),
        sql`lower(${checkoutSessions.shipping}->>'email') = ${email.toLowerCase()}`,
      ),
    );
  return row?.uses ?? 0;
}

/**
 * Takes one use of a code for a checkout about to open, in one statement: of two shoppers racing for
 * the last use, the second waits for the first and then finds none left. The same row lock makes
 * one customer's checkouts take their turns, so the per-customer count that follows is exact.
 */
export async function holdPromotionUse(tx: Tx, code: string, email: string): Promise<void> {
  const [held] = await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promotionCodes.code, code),
        or(isNull(promotionCodes.usageLimit), lt(promotionCodes.timesUsed, promotionCodes.usageLimit)),
      ),
    )
    .returning({ perCustomerLimit: promotionCodes.perCustomerLimit });
  if (!held) throw new AppError("BAD_USER_INPUT", "That promotion code has been fully used.");
  if (held.perCustomerLimit !== null && (await usesBy(tx, code, email)) >= held.perCustomerLimit) {
    throw new AppError(
      "BAD_USER_INPUT",
      held.perCustomerLimit === 1
        ? "You have used this promotion code already."
        : `You have used this promotion code ${held.perCustomerLimit} times already, as many as it allows.`,
    );
  }
}

/** Gives back the use a checkout held, when it closes unpaid. */
export async function releasePromotionUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`greatest(${promotionCodes.timesUsed} - 1, 0)` })
    .where(eq(promotionCodes.code, code));
}
