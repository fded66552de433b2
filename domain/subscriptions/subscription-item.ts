import type { subscriptions } from "../../db/schema/subscriptions.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { findPurchaseOptions } from "../catalog/lookup.ts";
import type { OperationContext } from "../shared/context.ts";

/** A subscription's item in words: "Luna Collagen Drink · Lychee Luxe · 8-serving box × 2". */
export async function itemOf(
  ctx: Pick<OperationContext, "catalog">,
  subscription: Pick<typeof subscriptions.$inferSelect, "optionId" | "quantity">,
): Promise<string> {
  const { optionId, quantity } = subscription;
  const entry = (await findPurchaseOptions(ctx.catalog, [optionId], { includeInactive: true })).get(optionId);
  const name = entry ? lineDescription({ productName: entry.product.name, ...entry.option }) : optionId;
  return `${name} × ${quantity}`;
}
