import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Product } from "../types.ts";

const declared = { access: staffHolding("catalog"), input: z.object({ productId: identifier(64) }) };

/** One product, switched on or off, with every option; NOT_FOUND when there is none. For staff with "catalog". */
export const findProductForStaff = defineOperation(declared, async function findProductForStaff(ctx, input): Promise<Product> {
  const product = (await ctx.catalog.products()).find((candidate) => candidate.id === input.productId);
  if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
  return product;
});
