import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { optionSkus } from "../../db/schema/catalog.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { refundLines } from "../../db/schema/refunds.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { rearmLowStock } from "./low-stock.ts";
import { lockStock, move } from "./stock-ledger.ts";

/** Per SKU, how much the order took from stock and has not yet given back. */
async function outstanding(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ skuId: stockMovements.skuId, quantity: sql<number>`(-sum(${stockMovements.onHandChange}))::int` })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), inArray(stockMovements.reason, ["sold", "returned"])))
    .groupBy(stockMovements.skuId);
  return new Map(rows.map((row) => [row.skuId, Number(row.quantity)]));
}

/** Per SKU, what the lines a refund credits are made of. */
async function creditedSkus(tx: Tx, refundId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ skuId: optionSkus.skuId, quantity: sql<number>`sum(${refundLines.quantity} * ${optionSkus.qty})::int` })
    .from(refundLines)
    .innerJoin(orderLines, and(eq(orderLines.orderId, refundLines.orderId), eq(orderLines.position, refundLines.position)))
    .innerJoin(optionSkus, eq(optionSkus.optionId, orderLines.optionId))
    .where(eq(refundLines.refundId, refundId))
    .groupBy(optionSkus.skuId);
  return new Map(rows.map((row) => [row.skuId, Number(row.quantity)]));
}

/**
 * Puts a refund's boxes back on the shelf, in the refund's transaction: a cancelled order returns all
 * it took (its rewards too); a refund staff chose to restock returns the lines it credits. Never more
 * than the order took and has not yet returned, and once per refund.
 */
export async function returnRefundStock(
  tx: Tx,
  input: { orderId: string; refundId: string; all: boolean; at: Date },
): Promise<void> {
  const [done] = await tx
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.refundId, input.refundId), eq(stockMovements.reason, "returned")))
    .limit(1);
  if (done) return;
  const taken = await outstanding(tx, input.orderId);
  const wanted = input.all ? taken : await creditedSkus(tx, input.refundId);
  const back = [...wanted]
    .map(([skuId, quantity]) => ({ skuId, quantity: Math.min(quantity, taken.get(skuId) ?? 0) }))
    .filter((each) => each.quantity > 0)
    .sort((a, b) => a.skuId.localeCompare(b.skuId));
  const skuIds = back.map((each) => each.skuId);
  await lockStock(tx, skuIds);
  for (const { skuId, quantity } of back) {
    await move(tx, {
      skuId,
      reason: "returned",
      onHandChange: quantity,
      heldChange: 0,
      orderId: input.orderId,
      refundId: input.refundId,
      createdAt: input.at,
    });
  }
  await rearmLowStock(tx, skuIds);
}
