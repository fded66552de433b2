import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { bagLines } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import { defineOperation } from "../shared/operation.ts";
import { assertBagLineInStock, shippedLine } from "../stock/stock-needs.ts";
import { bagHolder, optionIdInput } from "./held-bag.ts";
import { quantityInput } from "./quantity.ts";

export const SetBagLineQuantityInput = z.object({ optionId: optionIdInput, quantity: quantityInput });

const declared = { access: bagHolder, input: SetBagLineQuantityInput };

/**
 * setBagLineQuantity: a new quantity for a line of the viewer's own bag; NOT_FOUND when it has no
 * such line. Raising it past what is left to sell is refused (409); lowering it never is.
 */
export const setBagLineQuantity = defineOperation(
  declared,
  async function setBagLineQuantity(ctx, input, { id: bagId }): Promise<void> {
    if (!bagId) throw new AppError("NOT_FOUND", "That item is not in your bag.");
    const found = (await findPurchaseOptions(ctx.catalog, [input.optionId])).get(input.optionId);
    await ctx.db.transaction(async (tx) => {
      const line = and(eq(bagLines.bagId, bagId), eq(bagLines.optionId, input.optionId));
      const [before] = await tx.select({ quantity: bagLines.quantity }).from(bagLines).where(line).for("update");
      if (!before) throw new AppError("NOT_FOUND", "That item is not in your bag.");
      if (found && input.quantity > before.quantity) {
        await assertBagLineInStock(tx, shippedLine(found.product, found.option, input.quantity), before.quantity);
      }
      await tx.update(bagLines).set({ quantity: input.quantity }).where(line);
    });
  },
);
