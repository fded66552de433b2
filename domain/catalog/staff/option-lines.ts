import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { optionSkus, type purchaseOptions, skus } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";

type OptionRow = typeof purchaseOptions.$inferSelect;
type SkuLine = { skuId: string; qty: number };

/** The option's fields staff edit, with its lines, as the audit log records them. */
export type OptionSnapshot = Pick<OptionRow, "optionName" | "optionPriceCents" | "flavourName" | "isUpsellOption" | "active"> & {
  skus: SkuLine[];
};

const refuse = (field: string, message: string) => new AppError("BAD_USER_INPUT", message, { [field]: message });

/**
 * Checks an option's lines against the SKUs there are: every SKU must exist, and the option's flavour,
 * when it has one, must be the flavour of one of its lines (a bundle's options have none).
 */
export async function checkLines(tx: Tx, lines: SkuLine[], flavourName: string | null): Promise<void> {
  const ids = lines.map((line) => line.skuId);
  const found = await tx.select({ skuId: skus.skuId, flavourName: skus.flavourName }).from(skus).where(inArray(skus.skuId, ids));
  const missing = ids.filter((id) => !found.some((sku) => sku.skuId === id));
  if (missing.length > 0) throw refuse("skus", `There is no SKU ${missing.join(", ")}.`);
  if (flavourName !== null && !found.some((sku) => sku.flavourName === flavourName)) {
    throw refuse("flavourName", `Flavour must be the flavour of one of the option's SKU lines, or left empty for a bundle.`);
  }
}

/** Replaces an option's lines with `lines`. */
export async function writeLines(tx: Tx, optionId: string, lines: SkuLine[]): Promise<void> {
  await tx.delete(optionSkus).where(eq(optionSkus.optionId, optionId));
  await tx.insert(optionSkus).values(lines.map((line) => ({ optionId, ...line })));
}

export async function snapshotOf(tx: Tx, option: OptionRow): Promise<OptionSnapshot> {
  const lines = await tx
    .select({ skuId: optionSkus.skuId, qty: optionSkus.qty })
    .from(optionSkus)
    .where(eq(optionSkus.optionId, option.optionId));
  return optionSnapshot(option, lines);
}

/** An option's snapshot from its fields and lines, wherever they were read: the lines by SKU. */
export function optionSnapshot(option: Omit<OptionSnapshot, "skus">, lines: SkuLine[]): OptionSnapshot {
  const { optionName, optionPriceCents, flavourName, isUpsellOption, active } = option;
  const skus = lines
    .map(({ skuId, qty }) => ({ skuId, qty }))
    .sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
  return { optionName, optionPriceCents, flavourName, isUpsellOption, active, skus };
}
