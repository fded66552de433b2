import { eq } from "drizzle-orm";
import { z } from "zod";
import { skus } from "../../db/schema/catalog.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { count, identifier, text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { alertLowStock, rearmLowStock } from "./low-stock.ts";
import { lockStock, move } from "./stock-ledger.ts";

/** Why staff change what is on hand: a delivery, a count that found another figure, boxes spoiled. */
export const ADJUSTMENT_REASONS = { received: "Received", counted: "Count correction", damaged: "Damaged or lost" } as const;

/** No adjustment moves more boxes than this at once. */
export const MAX_ADJUSTMENT = 100_000;

export const AdjustStockInput = z
  .object({
    skuId: identifier(64),
    reason: z.enum(Object.keys(ADJUSTMENT_REASONS) as [keyof typeof ADJUSTMENT_REASONS], {
      error: "must be received, count correction or damaged",
    }),
    // Digits with a sign only: "0x10" or "1e3" typed by mistake are not read as 16 or 1000 boxes.
    change: count(
      -MAX_ADJUSTMENT,
      MAX_ADJUSTMENT,
      `must be a whole number of boxes from -${MAX_ADJUSTMENT} to ${MAX_ADJUSTMENT}`,
      /^[+-]?\d+$/,
    ).refine((change) => change !== 0, { error: "must not be 0" }),
    note: text(200).default(""),
  })
  .refine((input) => input.reason !== "received" || input.change > 0, {
    error: "Boxes received add to what is on hand: enter a number above 0.",
    path: ["change"],
  })
  .refine((input) => input.reason !== "damaged" || input.change < 0, {
    error: "Damaged or lost boxes leave what is on hand: enter a number below 0.",
    path: ["change"],
  });

const declared = { access: staffHolding("catalog"), input: AdjustStockInput };

/**
 * adjustStock (staff with "catalog"): adds to or takes from a SKU's stock on hand, for a reason,
 * written to the stock ledger and the audit log in one transaction. What open checkouts hold cannot
 * be taken away: on hand never falls below held.
 */
export const adjustStock = defineOperation(declared, async function adjustStock(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [sku] = await tx.select({ flavourName: skus.flavourName }).from(skus).where(eq(skus.skuId, input.skuId));
    if (!sku) throw new AppError("NOT_FOUND", "There is no such SKU.");
    await lockStock(tx, [input.skuId]);
    const [before] = await tx.select().from(stockLevels).where(eq(stockLevels.skuId, input.skuId));
    const movement = {
      skuId: input.skuId,
      reason: input.reason,
      onHandChange: input.change,
      heldChange: 0,
      staffEmail: actor.email,
      note: input.note || null,
      createdAt: at,
    };
    if (!(await move(tx, movement, { keepAvailable: input.change < 0 }))) {
      const free = (before?.onHand ?? 0) - (before?.held ?? 0);
      const problem = `Only ${free} of ${sku.flavourName} (${input.skuId}) can be taken off: open checkouts hold ${before?.held ?? 0} of the ${before?.onHand ?? 0} on hand.`;
      throw new AppError("CONFLICT", problem, { change: problem });
    }
    if (input.change > 0) await rearmLowStock(tx, [input.skuId]);
    else await alertLowStock(ctx, tx, [input.skuId]);
    const onHand = (before?.onHand ?? 0) + input.change;
    await recordAudit(tx, {
      actor,
      action: "stock.adjust",
      target: input.skuId,
      before: { onHand: before?.onHand ?? 0 },
      after: { onHand, change: input.change, reason: input.reason, note: input.note || null },
      at,
    });
    return { skuId: input.skuId, flavourName: sku.flavourName, onHand, change: input.change };
  });
});
