import { z } from "zod";
import { SERIES, type Series } from "../../../kernel/series.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Product } from "../types.ts";

export type StaffCatalogueSeries = { series: Series; products: Product[] };

const declared = { access: staffHolding("catalog"), input: z.object({}) };

/** Every product, switched on or off, with every option, grouped by series in catalogue order; for staff with "catalog". */
export const listCatalogueForStaff = defineOperation(declared, async function listCatalogueForStaff(ctx): Promise<
  StaffCatalogueSeries[]
> {
  const products = await ctx.catalog.products();
  return SERIES.map((series) => ({
    series,
    products: products.filter((product) => product.series.code === series.code),
  })).filter((group) => group.products.length > 0);
});
