import { countLabel } from "../../kernel/count-label.ts";

/** A box holds 4 servings, or 8 when its SKU id ends in 8; a pouch (SKU id ending in "pu") is one serving. */
export function servingsPerUnit(skuId: string): number {
  if (skuId.endsWith("pu")) return 1;
  return skuId.endsWith("8") ? 8 : 4;
}

export function servingsOf(skus: ReadonlyArray<{ skuId: string; qty: number }>): number {
  return skus.reduce((total, sku) => total + servingsPerUnit(sku.skuId) * sku.qty, 0);
}

export function servingsLabel(count: number): string {
  return countLabel(count, "serving", "servings");
}

export function boxesLabel(count: number): string {
  return countLabel(count, "box", "boxes");
}
