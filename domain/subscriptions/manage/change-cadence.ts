import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { loadSubscriptionOffer } from "../../catalog/subscription-offer.ts";
import { count } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

const CADENCE_MESSAGE = "Choose how often your box comes.";

export const ChangeCadenceInput = z.object({
  subscriptionId: subscriptionIdInput,
  cadenceWeeks: count(1, 52, CADENCE_MESSAGE),
});

const declared = { access: subscriptionHolder(), input: ChangeCadenceInput };

/** "every 4 weeks". */
export const cadenceWords = (weeks: number) => (weeks === 1 ? "every week" : `every ${weeks} weeks`);

/** changeCadence: boxes come every so many weeks, one of the merchant's offered cadences; the next date stays, the ones after follow. */
export const changeCadence = defineOperation(declared, async function changeCadence(ctx, input, held) {
  return changeSubscription(ctx, held, async (_current, tx) => {
    const { cadencesWeeks } = await loadSubscriptionOffer(tx);
    if (!cadencesWeeks.includes(input.cadenceWeeks)) {
      const message = `Choose one of: ${cadencesWeeks.map(cadenceWords).join(", ")}.`;
      throw new AppError("BAD_USER_INPUT", message, { cadenceWeeks: message });
    }
    return { set: { cadenceWeeks: input.cadenceWeeks }, told: `Your box now comes ${cadenceWords(input.cadenceWeeks)}.` };
  });
});
