import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { alertLowStock, type LowStockContext } from "./low-stock.ts";
import { availableOf, lockStock, move } from "./stock-ledger.ts";
import { type ShippedLine, skuTotals, stockShortage } from "./stock-needs.ts";

/**
 * Holds what a checkout ships, in the transaction that opens it: each SKU's hold is one conditional
 * statement on rows locked in SKU order, so however many shoppers race for the last boxes, only as
 * many as there are get them. One SKU short refuses the checkout (409, naming the item) and the
 * transaction rolls back every hold it made.
 */
export async function holdCheckoutStock(
  ctx: LowStockContext,
  tx: Tx,
  input: { sessionId: string; lines: ShippedLine[]; at: Date },
): Promise<void> {
  const totals = skuTotals(input.lines);
  await lockStock(
    tx,
    totals.map((total) => total.skuId),
  );
  for (const { skuId, quantity } of totals) {
    const movement = {
      skuId,
      reason: "held",
      onHandChange: 0,
      heldChange: quantity,
      checkoutSessionId: input.sessionId,
      createdAt: input.at,
    } as const;
    if (!(await move(tx, movement, { keepAvailable: true }))) {
      throw stockShortage(input.lines, skuId, (await availableOf(tx, [skuId])).get(skuId) ?? 0);
    }
  }
  await alertLowStock(
    ctx,
    tx,
    totals.map((total) => total.skuId),
  );
}

/** Per SKU: what the session holds now, what it first held, and whether it was already sold. */
async function sessionStock(tx: Tx, sessionId: string) {
  const rows = await tx
    .select({
      skuId: stockMovements.skuId,
      held: sql<number>`sum(${stockMovements.heldChange})::int`,
      first: sql<number>`(sum(${stockMovements.heldChange}) filter (where ${stockMovements.reason} = 'held'))::int`,
      sold: sql<number>`count(*) filter (where ${stockMovements.reason} = 'sold')::int`,
    })
    .from(stockMovements)
    .where(eq(stockMovements.checkoutSessionId, sessionId))
    .groupBy(stockMovements.skuId)
    .orderBy(stockMovements.skuId);
  return rows.map((row) => ({ skuId: row.skuId, held: Number(row.held), first: Number(row.first ?? 0), sold: Number(row.sold) }));
}

/**
 * Gives back what checkouts closing unpaid still hold (nothing when already given back), locking
 * `alsoLocking` with their SKUs, in SKU order: a checkout replacing others locks what it will hold too.
 */
export async function releaseCheckoutStock(
  tx: Tx,
  input: { sessionIds: string[]; at: Date; alsoLocking?: string[] },
): Promise<void> {
  const holding =
    input.sessionIds.length === 0
      ? []
      : await tx
          .select({
            sessionId: stockMovements.checkoutSessionId,
            skuId: stockMovements.skuId,
            held: sql<number>`sum(${stockMovements.heldChange})::int`,
          })
          .from(stockMovements)
          .where(inArray(stockMovements.checkoutSessionId, input.sessionIds))
          .groupBy(stockMovements.checkoutSessionId, stockMovements.skuId)
          .having(sql`sum(${stockMovements.heldChange}) > 0`)
          .orderBy(stockMovements.skuId, stockMovements.checkoutSessionId);
  await lockStock(tx, [...holding.map((row) => row.skuId), ...(input.alsoLocking ?? [])]);
  for (const { sessionId, skuId, held } of holding) {
    await move(tx, {
      skuId,
      reason: "released",
      onHandChange: 0,
      heldChange: -Number(held),
      checkoutSessionId: sessionId,
      createdAt: input.at,
    });
  }
}

/**
 * Hands what one checkout still holds to another that goes on with it (a renewal whose charge the
 * card holder must confirm, on a session of its own): what can be sold does not change.
 */
export async function handOverCheckoutStock(tx: Tx, input: { from: string; to: string; at: Date }): Promise<void> {
  const holding = (await sessionStock(tx, input.from)).filter((row) => row.held > 0);
  await lockStock(
    tx,
    holding.map((row) => row.skuId),
  );
  for (const { skuId, held } of holding) {
    const movement = { skuId, onHandChange: 0, createdAt: input.at } as const;
    await move(tx, { ...movement, reason: "released", heldChange: -held, checkoutSessionId: input.from });
    await move(tx, { ...movement, reason: "held", heldChange: held, checkoutSessionId: input.to });
  }
}

/**
 * Turns what a paid checkout held into stock sold with its order, once: a session already sold takes
 * nothing more. A session whose hold was given back before it was paid (a newer checkout of its bag
 * replaced it as the shopper paid) still takes what it first held: the money is taken and the order placed.
 */
export async function takeCheckoutStock(
  ctx: LowStockContext,
  tx: Tx,
  input: { sessionId: string; orderId: string; at: Date },
): Promise<void> {
  const rows = await sessionStock(tx, input.sessionId);
  if (rows.some((row) => row.sold > 0)) return;
  const taking = rows.filter((row) => row.first > 0);
  await lockStock(
    tx,
    taking.map((row) => row.skuId),
  );
  for (const { skuId, held, first } of taking) {
    await move(tx, {
      skuId,
      reason: "sold",
      onHandChange: -first,
      heldChange: -held,
      checkoutSessionId: input.sessionId,
      orderId: input.orderId,
      createdAt: input.at,
    });
  }
  await alertLowStock(
    ctx,
    tx,
    taking.map((row) => row.skuId),
  );
}
