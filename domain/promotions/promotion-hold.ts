import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { AppError } from "../../kernel/app-error.ts";

/**
 * How long a checkout holds a use of its promotion code: its payment session is created to lapse
 * then (Stripe's shortest), and the hold is given back with it.
 */
export const CHECKOUT_HOLD_MINUTES = 30;

/** A client address may hold at most this fraction of a limited code's uses at once (and always one). */
const ADDRESS_SHARE_DIVISOR = 10;

/** How many open checkouts from one client address may hold uses of a code limited to `usageLimit` uses. */
const addressHoldLimit = (usageLimit: number): number => Math.max(1, Math.floor(usageLimit / ADDRESS_SHARE_DIVISOR));

/** Who takes a use: the customer (an email address) and the client address the checkout came from. */
export type PromotionHolder = { email: string; clientAddress: string };

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

/** The code's uses held right now by open checkouts from this client address. */
async function openHoldsFrom(tx: Tx, code: string, clientAddress: string): Promise<number> {
  const [row] = await tx
    .select({ holds: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.promotionCode, code),
        eq(checkoutSessions.status, "open"),
        eq(checkoutSessions.clientAddress, clientAddress),
      ),
    );
  return row?.holds ?? 0;
}

/**
 * Takes one use of a code for a checkout about to open, in one statement: of two shoppers racing for
 * the last use, the second waits for the first and then finds none left. The same row lock makes
 * the checkouts of one code take their turns, so the per-customer and per-address counts that follow
 * are exact. A limited code's uses are shared out: one client address holds a tenth of them at most,
 * so a burst of checkouts from one place cannot take them all while nobody pays.
 */
export async function holdPromotionUse(tx: Tx, code: string, holder: PromotionHolder): Promise<void> {
  const [held] = await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promotionCodes.code, code),
        or(isNull(promotionCodes.usageLimit), lt(promotionCodes.timesUsed, promotionCodes.usageLimit)),
      ),
    )
    .returning({ perCustomerLimit: promotionCodes.perCustomerLimit, usageLimit: promotionCodes.usageLimit });
  if (!held) throw new AppError("BAD_USER_INPUT", "That promotion code has been fully used.");
  if (held.perCustomerLimit !== null && (await usesBy(tx, code, holder.email)) >= held.perCustomerLimit) {
    throw new AppError(
      "BAD_USER_INPUT",
      held.perCustomerLimit === 1
        ? "You have used this promotion code already."
        : `You have used this promotion code ${held.perCustomerLimit} times already, as many as it allows.`,
    );
  }
  if (held.usageLimit !== null && (await openHoldsFrom(tx, code, holder.clientAddress)) >= addressHoldLimit(held.usageLimit)) {
    throw new AppError(
      "BAD_USER_INPUT",
      `Other checkouts from your connection are holding this promotion code. Please finish one of them, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`,
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

/**
 * Counts the use again for a checkout paid after its hold was given back (a newer checkout of its bag
 * replaced it just as the shopper paid): the order used the code, so it counts, past the code's limit
 * if it must, since the money is taken and the order is placed regardless.
 */
export async function retakePromotionUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promotionCodes)
    .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
    .where(eq(promotionCodes.code, code));
}
