import { eq } from "drizzle-orm";
import { z } from "zod";
import { skus } from "../../db/schema/catalog.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { count, identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { alertLowStock, rearmLowStock } from "./low-stock.ts";
import { lockStock } from "./stock-ledger.ts";

/** A threshold left empty is refused, not read as 0. */
export const SetStockThresholdInput = z.object({
  skuId: identifier(64),
  lowStockThreshold: count(0, 100_000, "must be a whole number of boxes from 0 to 100000"),
});

const declared = { access: staffHolding("catalog"), input: SetStockThresholdInput };

/** setStockThreshold (staff with "catalog"): at how few boxes left staff are emailed about a SKU; audited. */
export const setStockThreshold = defineOperation(declared, async function setStockThreshold(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [sku] = await tx.select({ flavourName: skus.flavourName }).from(skus).where(eq(skus.skuId, input.skuId));
    if (!sku) throw new AppError("NOT_FOUND", "There is no such SKU.");
    await lockStock(tx, [input.skuId]);
    const [before] = await tx.select().from(stockLevels).where(eq(stockLevels.skuId, input.skuId));
    await tx.update(stockLevels).set({ lowStockThreshold: input.lowStockThreshold }).where(eq(stockLevels.skuId, input.skuId));
    await rearmLowStock(tx, [input.skuId]);
    await alertLowStock(ctx, tx, [input.skuId]);
    await recordAudit(tx, {
      actor,
      action: "stock.threshold",
      target: input.skuId,
      before: { lowStockThreshold: before?.lowStockThreshold ?? null },
      after: { lowStockThreshold: input.lowStockThreshold },
      at,
    });
    return { skuId: input.skuId, flavourName: sku.flavourName, lowStockThreshold: input.lowStockThreshold };
  });
});
