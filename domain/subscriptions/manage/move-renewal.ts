import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { LATEST_RENEWAL_MOVE_DAYS } from "../../../kernel/subscription-terms.ts";
import { required, singaporeDay } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { dayWithin, subscriptionIdInput } from "./subscription-input.ts";

export const MoveRenewalInput = z.object({
  subscriptionId: subscriptionIdInput,
  renewalOn: required(singaporeDay(), "Choose the day of your next box.", { emptyIsAbsent: true }),
});

const declared = { access: subscriptionHolder(), input: MoveRenewalInput };

/** moveRenewal: the next box comes on another day, from tomorrow to LATEST_RENEWAL_MOVE_DAYS ahead; the ones after follow the cadence from it. */
export const moveRenewal = defineOperation(declared, async function moveRenewal(ctx, input, held) {
  const renewalOn = dayWithin("renewalOn", input.renewalOn, ctx.now(), LATEST_RENEWAL_MOVE_DAYS);
  return changeSubscription(ctx, held, (current) => {
    if (current.status !== "active")
      throw new AppError("CONFLICT", "Resume the subscription first, then choose the day of its next box.");
    return { set: { nextRenewalOn: renewalOn }, told: `Your next box moves to ${formatCalendarDate(renewalOn)}.` };
  });
});
