import { asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { skus } from "../../db/schema/catalog.ts";
import { stockLevels, stockMovements } from "../../db/schema/stock.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";

export const ListStockInput = z.object({});

/** How many of the latest stock movements the stock page lists. */
export const RECENT_MOVEMENTS = 50;

const declared = { access: staffHolding("catalog"), input: ListStockInput };

/**
 * listStock (staff with "catalog"): every SKU with what is on hand, held by open checkouts, still
 * to sell and its low-stock threshold (a SKU never stocked has none), and the latest movements.
 */
export const listStock = defineOperation(declared, async function listStock(ctx) {
  const levels = await ctx.db
    .select({
      skuId: skus.skuId,
      flavourName: skus.flavourName,
      format: skus.format,
      onHand: sql<number>`coalesce(${stockLevels.onHand}, 0)::int`,
      held: sql<number>`coalesce(${stockLevels.held}, 0)::int`,
      lowStockThreshold: stockLevels.lowStockThreshold,
    })
    .from(skus)
    .leftJoin(stockLevels, eq(stockLevels.skuId, skus.skuId))
    .orderBy(asc(skus.skuId));
  const movements = await ctx.db
    .select({
      id: stockMovements.id,
      skuId: stockMovements.skuId,
      reason: stockMovements.reason,
      onHandChange: stockMovements.onHandChange,
      heldChange: stockMovements.heldChange,
      staffEmail: stockMovements.staffEmail,
      note: stockMovements.note,
      orderId: stockMovements.orderId,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .orderBy(desc(stockMovements.id))
    .limit(RECENT_MOVEMENTS);
  return {
    skus: levels.map((level) => {
      const onHand = Number(level.onHand);
      const held = Number(level.held);
      return { ...level, onHand, held, available: onHand - held };
    }),
    movements,
  };
});
