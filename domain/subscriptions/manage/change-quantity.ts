import { z } from "zod";
import { count } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { changeSubscription } from "./change-subscription.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

/** As many as a subscription may hold (the table's check). */
export const MAX_SUBSCRIBED_QUANTITY = 99;

export const ChangeQuantityInput = z.object({
  subscriptionId: subscriptionIdInput,
  quantity: count(1, MAX_SUBSCRIBED_QUANTITY, `Choose how many, from 1 to ${MAX_SUBSCRIBED_QUANTITY}.`),
});

const declared = { access: subscriptionHolder(), input: ChangeQuantityInput };

/** changeQuantity: how many of the option each renewal sends, from the next box on. */
export const changeQuantity = defineOperation(declared, async function changeQuantity(ctx, input, held) {
  return changeSubscription(ctx, held, () => ({
    set: { quantity: input.quantity },
    told: `Each box now brings ${input.quantity}.`,
  }));
});
