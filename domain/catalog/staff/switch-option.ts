import { eq } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier, onOff } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

export const SwitchOptionInput = z.object({ optionId: identifier(64), active: onOff() });

const declared = { access: staffHolding("catalog"), input: SwitchOptionInput };

/**
 * Switches one purchase option on or off. An option switched off is treated like one of an inactive
 * product: not shown, not sold, not offered as a reward, and left out of the bags that hold it.
 */
export const switchOption = defineOperation(declared, async function switchOption(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ option: purchaseOptions, productName: products.name })
      .from(purchaseOptions)
      .innerJoin(products, eq(products.id, purchaseOptions.productId))
      .where(eq(purchaseOptions.optionId, input.optionId))
      .for("update", { of: purchaseOptions });
    if (!found) throw new AppError("NOT_FOUND", "There is no such purchase option.");
    const before = found.option;
    const [after] = await tx
      .update(purchaseOptions)
      .set({ active: input.active })
      .where(eq(purchaseOptions.optionId, input.optionId))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such purchase option.");
    await recordAudit(tx, {
      actor,
      action: "option.update",
      target: after.optionId,
      before: { active: before.active },
      after: { active: after.active },
      at: now,
    });
    return { ...after, productName: found.productName };
  });
});
