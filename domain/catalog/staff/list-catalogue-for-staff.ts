import { z } from "zod";
import { SERIES, type Series } from "../../../kernel/series.ts";
import { requireStaff } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Product } from "../types.ts";

export type StaffCatalogueSeries = { series: Series; products: Product[] };

/** Every product, switched on or off, with every option, grouped by series in catalogue order; for staff with "catalog". */
export const listCatalogueForStaff = defineOperation(z.object({}), async (ctx): Promise<StaffCatalogueSeries[]> => {
  requireStaff(ctx, "catalog");
  const products = await ctx.catalog.products();
  return SERIES.map((series) => ({
    series,
    products: products.filter((product) => product.series.code === series.code),
  })).filter((group) => group.products.length > 0);
});
