import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { findPurchaseOptions } from "../../catalog/lookup.ts";
import { loadSubscriptionOffer, subscriptionDiscounts } from "../../catalog/subscription-offer.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const SwapOptionInput = z.object({ subscriptionId: subscriptionIdInput, optionId: identifier(64) });

const declared = { access: subscriptionHolder(), input: SwapOptionInput };

const NOT_OFFERED = "That choice cannot be subscribed to right now. Choose another.";

/**
 * swapOption: from the next box on, another option is sent: another flavour or size of the same
 * product, or another product, as long as it is on sale and may be subscribed to. The swapped-in
 * option's subscription discount applies from then on.
 */
export const swapOption = defineOperation(declared, async function swapOption(ctx, input, held) {
  const entry = (await findPurchaseOptions(ctx.catalog, [input.optionId])).get(input.optionId);
  if (!entry) throw new AppError("BAD_USER_INPUT", NOT_OFFERED, { optionId: NOT_OFFERED });
  return changeSubscription(ctx, held, async (current, tx) => {
    const discount = (await subscriptionDiscounts(tx, await loadSubscriptionOffer(tx), [input.optionId])).get(input.optionId);
    if (discount === undefined) throw new AppError("BAD_USER_INPUT", NOT_OFFERED, { optionId: NOT_OFFERED });
    if (current.optionId === input.optionId) throw new AppError("CONFLICT", "Your subscription already sends this.");
    return {
      set: { optionId: input.optionId, discountPercent: discount },
      told: `Your boxes now bring ${lineDescription({ productName: entry.product.name, ...entry.option })}.`,
    };
  });
});
