import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { subscriptionCardChanges, subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { defineOperation } from "../../shared/operation.ts";
import { NO_SUCH_SUBSCRIPTION, subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const StartCardChangeInput = z.object({
  subscriptionId: subscriptionIdInput,
  /** The shop's address as the member reached it: the provider sends them back there. */
  baseUrl: z.url({ protocol: /^https?$/, error: "is not a web address" }).transform((url) => new URL(url).origin),
});

const declared = { access: subscriptionHolder(), input: StartCardChangeInput };

/** How long the member has to enter the new card on the provider's page. */
const CARD_CHANGE_MINUTES = 30;

/**
 * startCardChange: the provider's own page where the member enters a new card (a setup session for
 * the subscription's customer: nothing is charged, card numbers never touch the shop). Coming back,
 * or the provider's webhook, puts the card on the subscription (completeCardChange).
 */
export const startCardChange = defineOperation(declared, async function startCardChange(ctx, input, held): Promise<{
  url: string;
}> {
  const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, held.subscriptionId));
  if (!subscription) throw new AppError("NOT_FOUND", NO_SUCH_SUBSCRIPTION);
  if (subscription.status === "cancelled")
    throw new AppError("CONFLICT", "This subscription is cancelled, so it cannot be changed.");
  const back = `${input.baseUrl}/member/subscriptions`;
  const session = await ctx.payments.createSession({
    mode: "setup",
    customerId: subscription.providerCustomerId,
    lines: [],
    discountCents: 0,
    shippingCents: 0,
    totalCents: 0,
    customerEmail: subscription.shipping.email,
    successUrl: `${back}?subscription=${encodeURIComponent(subscription.id)}&card-change={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    lifetimeMinutes: CARD_CHANGE_MINUTES,
    idempotencyKey: randomUUID(),
  });
  await ctx.db.insert(subscriptionCardChanges).values({ sessionId: session.id, subscriptionId: subscription.id });
  return { url: session.url };
});
