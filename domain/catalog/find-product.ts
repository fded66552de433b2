import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import type { Product } from "./types.ts";

export const FindProductInput = z.object({
  productId: z.string().max(64),
  includeInactive: z.boolean().nullish(),
});

/** findProduct: one product by id, null when unknown or (unless asked) inactive; open to everyone. */
export const findProduct = defineOperation(FindProductInput, async (ctx, input): Promise<Product | null> => {
  const product = (await ctx.catalog.index()).product(input.productId);
  if (!product || (!product.active && !input.includeInactive)) return null;
  return product;
});
