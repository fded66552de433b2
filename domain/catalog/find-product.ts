import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import type { Product } from "./types.ts";

export const FindProductInput = z.object({
  productId: z.string().max(64),
  includeInactive: z.boolean().nullish(),
});

/**
 * findProduct: one product by id, null when unknown or (unless asked) not on sale; a product on sale
 * comes with its switched-on options only. Open to everyone.
 */
export const findProduct = defineOperation(
  { access: anyone, input: FindProductInput },
  async function findProduct(ctx, input): Promise<Product | null> {
    return (await ctx.catalog.index()).product(input.productId, input) ?? null;
  },
);
