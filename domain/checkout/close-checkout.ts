import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import { releasePromotionUse } from "../promotions/promotion-hold.ts";
import type { OperationContext } from "../shared/context.ts";
import { releaseCheckoutStock } from "../stock/checkout-stock.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";
import { recordPaymentEvent } from "./payment-event-log.ts";

/** A checkout session and the provider that holds it. */
type CheckoutRef = { id: string; provider: string };

/**
 * A payment that failed or a session that expired: no order, the bag stays, and the stock and the
 * promotion use the session held are released, once, however many times this is said (only an open session closes).
 */
export async function closeCheckout(
  ctx: Pick<OperationContext, "db" | "now">,
  input: { sessionId: string; status: "failed" | "expired"; event?: PaymentEvent },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, input.event))) return;
    const closed = await tx
      .update(checkoutSessions)
      .set({
        status: input.status,
        failureMessage: input.status === "failed" ? "The payment did not go through." : null,
        updatedAt: ctx.now(),
      })
      .where(and(eq(checkoutSessions.id, input.sessionId), eq(checkoutSessions.status, "open")))
      .returning({ promotionCode: checkoutSessions.promotionCode });
    if (closed.length === 0) return;
    // Locks in the order every checkout step takes them: the session, its stock, then its promotion code.
    await releaseCheckoutStock(tx, { sessionIds: [input.sessionId], at: ctx.now() });
    const code = closed[0]?.promotionCode;
    if (code) await releasePromotionUse(tx, code);
  });
}

/**
 * Ends a checkout that will not be paid: expired at the payment provider first, so it can no longer
 * be paid, then closed. When the provider says it was paid after all, it is fulfilled instead.
 */
export async function endCheckout(ctx: OperationContext, session: CheckoutRef): Promise<void> {
  // A session of another provider (the shop switched providers) cannot be paid here any more.
  const state = session.provider === ctx.payments.name ? await ctx.payments.expireSession(session.id) : null;
  if (state?.paid) await fulfilCheckout(ctx, { sessionId: session.id });
  else await closeCheckout(ctx, { sessionId: session.id, status: "expired" });
}

/** Namespaces the advisory locks taken per bag while its new checkout opens. */
const BAG_CHECKOUT_LOCK_SEED = 318_270_445;

/**
 * In the transaction that opens a bag's new checkout: the bag's checkouts still open are closed and
 * their holds given back (stock, with the SKUs the new checkout will hold locked alongside, then
 * promotion uses), so a bag holds one use at most. Checkouts of one bag take turns here, so
 * of several started at once (a double click, a script) only the last stays open. Those closed here
 * began alongside this one; they are returned to be expired at the provider once this commits.
 */
export async function replaceOpenCheckouts(
  tx: Tx,
  input: { bagId: string; at: Date; holdingSkuIds: string[] },
): Promise<CheckoutRef[]> {
  const { bagId, at } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bagId}, ${BAG_CHECKOUT_LOCK_SEED}))`);
  const replaced = await tx
    .update(checkoutSessions)
    .set({ status: "expired", updatedAt: at })
    .where(and(eq(checkoutSessions.bagId, bagId), eq(checkoutSessions.status, "open")))
    .returning({ id: checkoutSessions.id, provider: checkoutSessions.provider, promotionCode: checkoutSessions.promotionCode });
  await releaseCheckoutStock(tx, { sessionIds: replaced.map((session) => session.id), at, alsoLocking: input.holdingSkuIds });
  for (const session of replaced) if (session.promotionCode) await releasePromotionUse(tx, session.promotionCode);
  return replaced.map(({ id, provider }) => ({ id, provider }));
}

/**
 * Ends the bag's open checkouts: before another starts, and when the shopper comes back from
 * payment without paying, so the promotion use each holds is free again for the next attempt.
 */
export async function endOpenCheckouts(ctx: OperationContext, bagId: string): Promise<void> {
  const open = await ctx.db
    .select({ id: checkoutSessions.id, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.bagId, bagId), eq(checkoutSessions.status, "open")));
  for (const session of open) await endCheckout(ctx, session);
}
