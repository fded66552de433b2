import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { defineOperation } from "../shared/operation.ts";
import { bagHolder, optionIdInput } from "./held-bag.ts";

export const RemoveBagLineInput = z.object({ optionId: optionIdInput });

const declared = { access: bagHolder, input: RemoveBagLineInput };

/** removeBagLine: takes a line out of the viewer's own bag; NOT_FOUND when it has no such line. */
export const removeBagLine = defineOperation(declared, async function removeBagLine(ctx, input, { id: bagId }): Promise<void> {
  const removed = bagId
    ? await ctx.db
        .delete(bagLines)
        .where(and(eq(bagLines.bagId, bagId), eq(bagLines.optionId, input.optionId)))
        .returning({ optionId: bagLines.optionId })
    : [];
  if (removed.length === 0) throw new AppError("NOT_FOUND", "That item is not in your bag.");
});
