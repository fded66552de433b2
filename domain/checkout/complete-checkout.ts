import { eq } from "drizzle-orm";
import { z } from "zod";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { paymentMethodLabel } from "../../kernel/payment-methods.ts";
import { byCheckoutSession, loadOrder, type OrderView } from "../orders/order-view.ts";
import { type StartedSubscription, subscriptionsStartedBy } from "../orders/started-subscriptions.ts";
import { anyone } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { unpaidCheckoutMessage } from "./checkout-status.ts";
import { fulfilCheckout } from "./fulfil-checkout.ts";
import { isWellFormedCheckoutSessionId } from "./session-id.ts";

export const CompleteCheckoutInput = z.object({
  /** From the page's address: anything that is not a session id has no order. */
  sessionId: z.string(),
});

export type CheckoutCompletion =
  | { order: OrderView; subscriptions: StartedSubscription[]; message: null; awaiting: null }
  /** `awaiting`: the method (PayNow) whose payment is on its way; the order is placed when it arrives. */
  | { order: null; subscriptions: []; message: string; awaiting: string | null };

const declared = { access: anyone, input: CompleteCheckoutInput };

/**
 * completeCheckout: the shopper's return from payment. It shows the session's order, fulfilling the
 * session first when the webhook has not yet (both paths meet in one order), with the subscriptions it
 * started. The session id, given only to whoever went to pay, is what
 * shows this order here; without an order it says why none was placed.
 */
export const completeCheckout = defineOperation(
  declared,
  async function completeCheckout(ctx, input): Promise<CheckoutCompletion> {
    if (!isWellFormedCheckoutSessionId(input.sessionId)) {
      return { order: null, subscriptions: [], message: "We couldn't find a paid order for this checkout.", awaiting: null };
    }
    // The webhook has nearly always placed the order by now; only without one is fulfilment tried.
    let order = await loadOrder(ctx.db, byCheckoutSession(input.sessionId));
    if (!order) {
      await fulfilCheckout(ctx, { sessionId: input.sessionId });
      order = await loadOrder(ctx.db, byCheckoutSession(input.sessionId));
    }
    if (order) return { order, subscriptions: await subscriptionsStartedBy(ctx.db, order.id), message: null, awaiting: null };
    const message = await unpaidCheckoutMessage(ctx.db, input.sessionId);
    return { order: null, subscriptions: [], message, awaiting: await awaitedMethod(ctx, input.sessionId) };
  },
);

/** The method whose payment the provider still awaits for an open checkout (PayNow); null otherwise. */
async function awaitedMethod(ctx: OperationContext, sessionId: string): Promise<string | null> {
  const [session] = await ctx.db
    .select({ status: checkoutSessions.status, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (session?.status !== "open" || session.provider !== ctx.payments.name) return null;
  const state = await ctx.payments.retrieveSession(sessionId);
  return state?.awaitingPayment && state.paidWith ? paymentMethodLabel(state.paidWith) : null;
}
