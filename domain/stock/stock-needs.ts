import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { redeems } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { CatalogReader } from "../catalog/catalog-reader.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";
import { lineDescription } from "../orders/line-description.ts";
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

/** The shopper's message for a SKU there is too little of, naming the first line that takes it. */
function shortage(lines: ShippedLine[], skuId: string, available: number): string {
  const line = lines.find((each) => each.skus.some((sku) => sku.skuId === skuId));
  const perItem = line?.skus.find((sku) => sku.skuId === skuId)?.qty ?? 1;
  const left = Math.floor(Math.max(available, 0) / perItem);
  const name = line?.name ?? skuId;
  return left === 0
    ? `${name} is sold out. Please remove it from your bag.`
    : `Only ${left} of ${name} left. Please lower the quantity in your bag.`;
}

/** Refuses (409) lines there is not enough stock for, naming the first item short; changes nothing. */
export async function assertInStock(db: Database | Tx, lines: ShippedLine[]): Promise<void> {
  const totals = skuTotals(lines);
  const available = await availableOf(
    db,
    totals.map((total) => total.skuId),
  );
  const short = totals.find((total) => (available.get(total.skuId) ?? 0) < total.quantity);
  if (short) throw stockShortage(lines, short.skuId, available.get(short.skuId) ?? 0);
}

export const stockShortage = (lines: ShippedLine[], skuId: string, available: number) =>
  new AppError("CONFLICT", shortage(lines, skuId, available));

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
