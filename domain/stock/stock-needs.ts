import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { AppError } from "../../kernel/app-error.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import type { CatalogReader } from "../catalog/catalog-reader.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";
import { availableOf, type SkuQuantity } from "./stock-ledger.ts";

/** Something that ships: a quantity of an option, named as the shopper sees it. */
export type ShippedLine = { name: string; quantity: number; skus: Pick<PurchaseOption["skus"][number], "skuId" | "qty">[] };

export function shippedLine(product: Pick<Product, "name">, option: PurchaseOption, quantity: number): ShippedLine {
  return { name: lineDescription({ productName: product.name, ...option }), quantity, skus: option.skus };
}

/** How many of each SKU the lines take, in SKU order. */
export function skuTotals(lines: ShippedLine[]): SkuQuantity[] {
  const totals = new Map<string, number>();
  for (const line of lines)
    for (const sku of line.skus) totals.set(sku.skuId, (totals.get(sku.skuId) ?? 0) + sku.qty * line.quantity);
  return [...totals].map(([skuId, quantity]) => ({ skuId, quantity })).sort((a, b) => a.skuId.localeCompare(b.skuId));
}

/** How many of the first line that takes the SKU are left to sell, and that line's name. */
function leftOf(lines: ShippedLine[], skuId: string, available: number): { name: string; left: number } {
  const line = lines.find((each) => each.skus.some((sku) => sku.skuId === skuId));
  const perItem = line?.skus.find((sku) => sku.skuId === skuId)?.qty ?? 1;
  return { name: line?.name ?? skuId, left: Math.floor(Math.max(available, 0) / perItem) };
}

/** The first SKU the lines need more of than is left to sell, and what is left of it. */
async function firstShortage(db: Database | Tx, lines: ShippedLine[]): Promise<{ skuId: string; available: number } | null> {
  const totals = skuTotals(lines);
  const available = await availableOf(
    db,
    totals.map((total) => total.skuId),
  );
  const short = totals.find((total) => (available.get(total.skuId) ?? 0) < total.quantity);
  return short ? { skuId: short.skuId, available: available.get(short.skuId) ?? 0 } : null;
}

/** Refuses (409) a checkout of lines there is not enough stock for, naming the first item short; changes nothing. */
export async function assertInStock(db: Database | Tx, lines: ShippedLine[]): Promise<void> {
  const short = await firstShortage(db, lines);
  if (short) throw stockShortage(lines, short.skuId, short.available);
}

/** What a shopper is told of a line there are only `left` of, and what to do about it before checking out. */
function shortageMessage(name: string, left: number): string {
  return left === 0
    ? `${name} is sold out. Please remove it from your bag.`
    : `Only ${left} of ${name} left. Please lower the quantity in your bag.`;
}

/** A checkout's refusal: the shopper changes the bag before trying again. */
export function stockShortage(lines: ShippedLine[], skuId: string, available: number): AppError {
  const { name, left } = leftOf(lines, skuId, available);
  return new AppError("CONFLICT", shortageMessage(name, left));
}

/** What the bag's open checkouts hold, per SKU: a new checkout of the bag gives it back first. */
async function heldForBag(db: Database | Tx, bagId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ skuId: stockMovements.skuId, held: sql<number>`sum(${stockMovements.heldChange})::int` })
    .from(stockMovements)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, stockMovements.checkoutSessionId))
    .where(and(eq(checkoutSessions.bagId, bagId), eq(checkoutSessions.status, "open")))
    .groupBy(stockMovements.skuId);
  return new Map(rows.map((row) => [row.skuId, Number(row.held)]));
}

/**
 * The bag's lines there is not enough stock for now (counting what its own open checkouts hold as
 * its), each with how many of it are left beside the other lines and the message a checkout would
 * refuse it with; in the lines' order.
 */
export async function shortLines<L extends ShippedLine>(
  db: Database | Tx,
  bagId: string,
  lines: L[],
): Promise<{ line: L; left: number; message: string }[]> {
  const totals = skuTotals(lines);
  const available = await availableOf(
    db,
    totals.map((total) => total.skuId),
  );
  const own = await heldForBag(db, bagId);
  return lines.flatMap((line) => {
    const left = Math.min(
      ...line.skus.map((sku) => {
        const others = (totals.find((total) => total.skuId === sku.skuId)?.quantity ?? 0) - sku.qty * line.quantity;
        const free = (available.get(sku.skuId) ?? 0) + (own.get(sku.skuId) ?? 0) - others;
        return Math.floor(Math.max(free, 0) / sku.qty);
      }),
    );
    return left < line.quantity ? [{ line, left, message: shortageMessage(line.name, left) }] : [];
  });
}

/**
 * Refuses (409) putting more of one line in the bag than is left to sell; the bag stays as it was,
 * holding `holding` of it, which the message mentions so the shopper knows there is nothing to undo.
 */
export async function assertBagLineInStock(db: Database | Tx, line: ShippedLine, holding: number): Promise<void> {
  const short = await firstShortage(db, [line]);
  if (!short) return;
  const { name, left } = leftOf([line], short.skuId, short.available);
  const already = holding > 0 ? ` Your bag already has ${holding}.` : "";
  throw new AppError("CONFLICT", left === 0 ? `${name} is sold out.${already}` : `Only ${left} of ${name} left.${already}`);
}

/** The rewards a member has waiting in their bag, which ship with their next order. */
export async function pendingRewardLines(
  ctx: { db: Database; catalog: CatalogReader },
  memberId: string,
): Promise<ShippedLine[]> {
  const rows = await ctx.db
    .select({ optionId: redeems.optionId, quantity: redeems.quantity })
    .from(redeems)
    .where(and(eq(redeems.memberId, memberId), eq(redeems.status, "Pending")));
  const found = await findPurchaseOptions(
    ctx.catalog,
    rows.map((row) => row.optionId),
    { includeInactive: true },
  );
  return rows.flatMap((row) => {
    const entry = found.get(row.optionId);
    return entry ? [shippedLine(entry.product, entry.option, row.quantity)] : [];
  });
}
