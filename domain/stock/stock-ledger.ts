import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { stockLevels, stockMovements } from "../../db/schema/stock.ts";

/** A quantity of one SKU. */
export type SkuQuantity = { skuId: string; quantity: number };

/** One change to a SKU's stock, as the ledger keeps it. */
export type Movement = Omit<typeof stockMovements.$inferInsert, "id">;

/**
 * Locks the SKUs' stock rows in SKU order (creating a missing row with nothing on hand), before a
 * transaction changes any of them: every stock writer locks in this one order, so two never wait on
 * each other in a circle.
 */
export async function lockStock(tx: Tx, skuIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(skuIds)].sort();
  if (ids.length === 0) return;
  await tx
    .insert(stockLevels)
    .values(ids.map((skuId) => ({ skuId })))
    .onConflictDoNothing();
  await tx
    .select({ skuId: stockLevels.skuId })
    .from(stockLevels)
    .where(inArray(stockLevels.skuId, ids))
    .orderBy(asc(stockLevels.skuId))
    .for("update");
}

/**
 * Applies one movement to its SKU's row and writes it to the ledger. With `keepAvailable`, only when
 * what the SKU can sell (on hand less held) stays at 0 or more after it: one conditional statement,
 * so of two checkouts racing for the last box the second finds none. Returns whether it applied.
 */
export async function move(tx: Tx, movement: Movement, guard: { keepAvailable?: boolean } = {}): Promise<boolean> {
  const availableAfter = sql`${stockLevels.onHand} + ${movement.onHandChange} - (${stockLevels.held} + ${movement.heldChange})`;
  const changed = await tx
    .update(stockLevels)
    .set({
      onHand: sql`${stockLevels.onHand} + ${movement.onHandChange}`,
      held: sql`${stockLevels.held} + ${movement.heldChange}`,
    })
    .where(and(eq(stockLevels.skuId, movement.skuId), guard.keepAvailable ? gte(availableAfter, 0) : undefined))
    .returning({ skuId: stockLevels.skuId });
  if (changed.length === 0) return false;
  await tx.insert(stockMovements).values(movement);
  return true;
}

/** What each SKU can still sell (on hand less held); a SKU without a row has none. */
export async function availableOf(tx: Database | Tx, skuIds: string[]): Promise<Map<string, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await tx
    .select({ skuId: stockLevels.skuId, available: sql<number>`(${stockLevels.onHand} - ${stockLevels.held})::int` })
    .from(stockLevels)
    .where(inArray(stockLevels.skuId, skuIds));
  return new Map(rows.map((row) => [row.skuId, Number(row.available)]));
}
