import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { defineOperation } from "../shared/operation.ts";
import { bagHolder, optionIdInput } from "./held-bag.ts";
import { quantityInput } from "./quantity.ts";

export const SetBagLineQuantityInput = z.object({ optionId: optionIdInput, quantity: quantityInput });

const declared = { access: bagHolder, input: SetBagLineQuantityInput };

/** setBagLineQuantity: a new quantity for a line of the viewer's own bag; NOT_FOUND when it has no such line. */
export const setBagLineQuantity = defineOperation(
  declared,
  async function setBagLineQuantity(ctx, input, { id: bagId }): Promise<void> {
    const updated = bagId
      ? await ctx.db
          .update(bagLines)
          .set({ quantity: input.quantity })
          .where(and(eq(bagLines.bagId, bagId), eq(bagLines.optionId, input.optionId)))
          .returning({ optionId: bagLines.optionId })
      : [];
    if (updated.length === 0) throw new AppError("NOT_FOUND", "That item is not in your bag.");
  },
);
