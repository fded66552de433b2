import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import type { OperationContext } from "../../shared/context.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription, type Subscription } from "./change-subscription.ts";
import type { HeldSubscription } from "./subscription-holder.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { SubscriptionInput } from "./subscription-input.ts";

const declared = { access: subscriptionHolder("subscriptions"), input: SubscriptionInput };

/**
 * Renewals start again: the next box keeps its date unless that has passed (or is today, or falls
 * before the end of a pause that ran out), then it comes the day after. Also what ends a pause on its
 * day (`pauseEnded`, end-pauses.ts): then only a pause whose day has come is ended.
 */
export function resume(
  ctx: OperationContext,
  held: HeldSubscription,
  options: { pauseEnded?: boolean } = {},
): Promise<Subscription> {
  const today = singaporeDate(ctx.now());
  const tomorrow = addDaysToDate(today, 1);
  return changeSubscription(ctx, held, (current) => {
    if (current.status !== "paused") throw new AppError("CONFLICT", "This subscription is not paused.");
    const endedOn = current.pausedUntil !== null && current.pausedUntil <= today ? current.pausedUntil : null;
    if (options.pauseEnded && !endedOn) throw new AppError("CONFLICT", "This subscription's pause has not ended.");
    const earliest = current.pausedUntil && current.pausedUntil > tomorrow ? current.pausedUntil : tomorrow;
    return {
      set: {
        status: "active",
        pausedUntil: null,
        nextRenewalOn: current.nextRenewalOn < earliest ? earliest : current.nextRenewalOn,
      },
      told:
        options.pauseEnded && endedOn
          ? `Your pause ended on ${formatCalendarDate(endedOn)}, so your subscription is running again.`
          : "Your subscription is running again.",
      audit: "subscription.resume",
      event: "subscription.resumed",
      ...(options.pauseEnded && { scheduled: true as const }),
    };
  });
}

/** resumeSubscription: a paused subscription renews again. Staff may resume for a member. */
export const resumeSubscription = defineOperation(declared, async function resumeSubscription(ctx, _input, held) {
  return resume(ctx, held);
});
