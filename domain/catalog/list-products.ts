import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { seriesByCode } from "./series.ts";
import type { Product } from "./types.ts";

export const ListProductsInput = z.object({
  /** A series code (m, v, j, l); an unknown one lists nothing. */
  seriesCode: z.string().max(20).nullish(),
  kind: z.enum(["box", "shots", "pouch", "bundle"]).nullish(),
  includeInactive: z.boolean().nullish(),
});

/** listProducts: the catalogue in its order, active products only unless asked; open to everyone. */
export const listProducts = defineOperation(ListProductsInput, async (ctx, input): Promise<Product[]> => {
  const series = input.seriesCode ? seriesByCode(input.seriesCode) : undefined;
  if (input.seriesCode && !series) return [];
  return (await ctx.catalog.products()).filter(
    (product) =>
      (input.includeInactive || product.active) &&
      (!series || product.series.code === series.code) &&
      (!input.kind || product.kind === input.kind),
  );
});
