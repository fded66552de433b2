import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { optional, singaporeDay } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { recordSkip } from "../record-skip.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const SkipRenewalInput = z.object({
  subscriptionId: subscriptionIdInput,
  /** The renewal the member saw and means to skip: a second tap after it was skipped changes nothing. */
  renewalOn: optional(singaporeDay(), { emptyIsAbsent: true }),
});

const declared = { access: subscriptionHolder("subscriptions"), input: SkipRenewalInput };

/** skipRenewal: the next box is not sent nor charged; the one after it comes a cadence later. Staff may skip for a member. */
export const skipRenewal = defineOperation(declared, async function skipRenewal(ctx, input, held) {
  return changeSubscription(ctx, held, async (current, tx) => {
    if (current.status !== "active") throw new AppError("CONFLICT", "Only an active subscription has a next box to skip.");
    if (input.renewalOn && input.renewalOn !== current.nextRenewalOn) {
      throw new AppError(
        "CONFLICT",
        `The box of ${formatCalendarDate(input.renewalOn)} is no longer the next one: your next box is due on ${formatCalendarDate(current.nextRenewalOn)}.`,
      );
    }
    return {
      set: { nextRenewalOn: await recordSkip(tx, current, current.nextRenewalOn, ctx.now()) },
      told: `Your box of ${formatCalendarDate(current.nextRenewalOn)} is skipped.`,
      audit: "subscription.skip",
    };
  });
});
