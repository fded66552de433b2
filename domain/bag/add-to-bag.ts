import { sql } from "drizzle-orm";
import { z } from "zod";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import { assertSubscribable } from "../catalog/subscription-offer.ts";
import { defineOperation } from "../shared/operation.ts";
import { assertBagLineInStock, shippedLine } from "../stock/stock-needs.ts";
import { bagIdOf, newBagToken } from "./bag-token.ts";
import { cadenceInput } from "./cadence-input.ts";
import { bagHolder, optionIdInput } from "./held-bag.ts";
import { MAX_LINE_QUANTITY } from "./max-line-quantity.ts";
import { quantityInput } from "./quantity.ts";

export const AddToBagInput = z.object({
  optionId: optionIdInput,
  quantity: quantityInput,
  /** Bought on subscription, renewing every this many weeks (one of the offer's cadences); left out: bought once. */
  cadenceWeeks: cadenceInput,
});

const declared = { access: bagHolder, input: AddToBagInput };

/**
 * addToBag: adds an option to the viewer's bag (raising its quantity when already there) in one
 * statement, so two quick clicks never lose an update. A sold-out option, or more than is left to
 * sell, is refused (409) and the bag stays as it was. With a cadence the line is bought on subscription
 * (an option is in the bag once: the last choice, one-off or a cadence, is the line's); checkout's hold is what finally decides. A viewer without a bag gets a new one: the
 * token returned is then new, for the adapter to set as the bag cookie.
 */
export const addToBag = defineOperation(declared, async function addToBag(ctx, input, bag): Promise<{ bagToken: string }> {
  const found = (await findPurchaseOptions(ctx.catalog, [input.optionId])).get(input.optionId);
  if (!found) throw new AppError("NOT_FOUND", "That product option is not available.");
  if (found.option.soldOut) {
    throw new AppError("CONFLICT", `${lineDescription({ productName: found.product.name, ...found.option })} is sold out.`);
  }
  const { cadenceWeeks } = input;
  if (cadenceWeeks !== null) await assertSubscribable(ctx.db, input.optionId, cadenceWeeks);
  const bagToken = bag.token ?? newBagToken();
  const bagId = bagIdOf(bagToken);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(bags)
      .values({ id: bagId })
      .onConflictDoUpdate({ target: bags.id, set: { updatedAt: sql`now()` } });
    const updated = await tx
      .insert(bagLines)
      .values({ bagId, optionId: input.optionId, quantity: input.quantity, cadenceWeeks })
      .onConflictDoUpdate({
        target: [bagLines.bagId, bagLines.optionId],
        set: { quantity: sql`${bagLines.quantity} + excluded.quantity`, cadenceWeeks },
        setWhere: sql`${bagLines.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
      })
      .returning({ quantity: bagLines.quantity });
    const [line] = updated;
    if (!line) throw new AppError("BAD_USER_INPUT", `You can have at most ${MAX_LINE_QUANTITY} of one item in your bag.`);
    await assertBagLineInStock(tx, shippedLine(found.product, found.option, line.quantity), line.quantity - input.quantity);
  });
  return { bagToken };
});
