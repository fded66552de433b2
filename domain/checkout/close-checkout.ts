import { and, eq } from "drizzle-orm";
import { checkoutSessions } from "../../db/schema/orders.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import type { OperationContext } from "../shared/context.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";
import { recordPaymentEvent } from "./payment-event-log.ts";
import { releasePromotionUse } from "./promotion-hold.ts";

/**
 * A payment that failed or a session that expired: no order, the bag stays, and the promotion use
 * the session held is released, once, however many times this is said (only an open session closes).
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
    const code = closed[0]?.promotionCode;
    if (code) await releasePromotionUse(tx, code);
  });
}

/**
 * Ends a checkout that will not be paid: expired at the payment provider first, so it can no longer
 * be paid, then closed. When the provider says it was paid after all, it is fulfilled instead.
 */
export async function endCheckout(ctx: OperationContext, session: { id: string; provider: string }): Promise<void> {
  // A session of another provider (the shop switched providers) cannot be paid here any more.
  const state = session.provider === ctx.payments.name ? await ctx.payments.expireSession(session.id) : null;
  if (state?.paid) await fulfilCheckout(ctx, { sessionId: session.id });
  else await closeCheckout(ctx, { sessionId: session.id, status: "expired" });
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
