import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { assertSubscribable } from "../catalog/subscription-offer.ts";
import { defineOperation } from "../shared/operation.ts";
import { cadenceInput } from "./cadence-input.ts";
import { bagHolder, optionIdInput } from "./held-bag.ts";

export const SetBagLineCadenceInput = z.object({ optionId: optionIdInput, cadenceWeeks: cadenceInput });

const declared = { access: bagHolder, input: SetBagLineCadenceInput };

/**
 * setBagLineCadence: turns a line of the viewer's own bag into a subscription at another cadence, or
 * back into a one-off purchase; NOT_FOUND when it has no such line. A cadence the offer does not give,
 * or an option it leaves out, is refused (400) and the line stays as it was.
 */
export const setBagLineCadence = defineOperation(
  declared,
  async function setBagLineCadence(ctx, input, { id: bagId }): Promise<void> {
    if (input.cadenceWeeks !== null) await assertSubscribable(ctx.db, input.optionId, input.cadenceWeeks);
    const updated = bagId
      ? await ctx.db
          .update(bagLines)
          .set({ cadenceWeeks: input.cadenceWeeks })
          .where(and(eq(bagLines.bagId, bagId), eq(bagLines.optionId, input.optionId)))
          .returning({ optionId: bagLines.optionId })
      : [];
    if (updated.length === 0) throw new AppError("NOT_FOUND", "That item is not in your bag.");
  },
);
