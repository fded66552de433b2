import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { type CardChangeResult, completeCardChange } from "../card-change.ts";
import { subscriptionHolder } from "./subscription-holder.ts";
import { subscriptionIdInput } from "./subscription-input.ts";

export const FinishCardChangeInput = z.object({ subscriptionId: subscriptionIdInput, sessionId: identifier(255) });

const declared = { access: subscriptionHolder(), input: FinishCardChangeInput };

/**
 * finishCardChange: the member is back from the provider's page: the card they saved goes on the
 * subscription (once, whether the webhook got there first or not). A session of another
 * subscription is not theirs to finish here.
 */
export const finishCardChange = defineOperation(
  declared,
  async function finishCardChange(ctx, input, held): Promise<CardChangeResult> {
    const result = await completeCardChange(ctx, input.sessionId, held);
    if (result.outcome === "not_card_change") {
      throw new AppError("NOT_FOUND", "There is no such card change.");
    }
    return result;
  },
);
