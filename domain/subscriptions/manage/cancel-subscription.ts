import { z } from "zod";
import { optional, text } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const CancelSubscriptionInput = z.object({
  subscriptionId: subscriptionIdInput,
  /** Why, if the member cares to say. */
  reason: optional(text(500), { emptyIsAbsent: true }),
});

const declared = { access: subscriptionHolder("subscriptions"), input: CancelSubscriptionInput };

/** cancelSubscription: no more boxes nor charges, at once and for good; the reason is kept when given. Staff may cancel for a member. */
export const cancelSubscription = defineOperation(declared, async function cancelSubscription(ctx, input, held) {
  return changeSubscription(ctx, held, () => ({
    set: { status: "cancelled", cancelledAt: ctx.now(), cancelReason: input.reason || null },
    told: "Your subscription is cancelled: no more boxes will be sent or charged.",
    audit: "subscription.cancel",
    event: "subscription.cancelled",
  }));
});
