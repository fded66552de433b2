import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { LATEST_PAUSE_END_DAYS } from "../../../kernel/subscription-terms.ts";
import { optional, singaporeDay } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { dayWithin, subscriptionIdInput } from "./subscription-input.ts";

export const PauseSubscriptionInput = z.object({
  subscriptionId: subscriptionIdInput,
  /** The day the pause ends and renewals start again; left out: until the member resumes. */
  until: optional(singaporeDay(), { emptyIsAbsent: true }),
});

const declared = { access: subscriptionHolder("subscriptions"), input: PauseSubscriptionInput };

/**
 * pauseSubscription: nothing is sent or charged until a day (from tomorrow to LATEST_PAUSE_END_DAYS
 * ahead) or until the member resumes; a paused one may be paused again to change the end. Staff may
 * pause for a member.
 */
export const pauseSubscription = defineOperation(declared, async function pauseSubscription(ctx, input, held) {
  const until = input.until ? dayWithin("until", input.until, ctx.now(), LATEST_PAUSE_END_DAYS) : null;
  return changeSubscription(ctx, held, (current) => {
    if (current.status === "payment_failed") {
      throw new AppError("CONFLICT", "This subscription is already stopped by a failed payment: update the card to resume it.");
    }
    return {
      set: { status: "paused", pausedUntil: until },
      told: until
        ? `Your subscription is paused until ${formatCalendarDate(until)}.`
        : "Your subscription is paused until you resume it.",
      audit: "subscription.pause",
      event: "subscription.paused",
    };
  });
});
