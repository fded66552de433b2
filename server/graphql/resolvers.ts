import { SERIES, type Series, seriesSlug } from "../../domain/catalog/series.ts";
import type { OptionSku, Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { fromCents } from "../../domain/shared/money.ts";
import type { GraphQLContext } from "./context.ts";

type LookupArgs = { includeInactive?: boolean | null };

export const resolvers = {
  Query: {
    series: () => SERIES,
    products: (_: unknown, args: LookupArgs & { seriesCode?: string | null }, ctx: GraphQLContext) => {
      const series = SERIES.find((line) => line.code === args.seriesCode);
      if (args.seriesCode && !series) return [];
      return ctx.shop.catalog.listProducts({ seriesCode: series?.code, includeInactive: args.includeInactive === true });
    },
    product: (_: unknown, args: LookupArgs & { id: string }, ctx: GraphQLContext) =>
      ctx.shop.catalog.findProduct(args.id, { includeInactive: args.includeInactive === true }),
    purchaseOption: async (_: unknown, args: LookupArgs & { optionId: string }, ctx: GraphQLContext) => {
      const found = await ctx.shop.catalog.findPurchaseOptions([args.optionId], {
        includeInactive: args.includeInactive === true,
      });
      return found.get(args.optionId)?.option ?? null;
    },
  },
  Series: { slug: (series: Series) => seriesSlug(series) },
  Product: { purchaseOptions: (product: Product) => product.options },
  PurchaseOption: { optionPrice: (option: PurchaseOption) => fromCents(option.optionPriceCents) },
  Sku: { retailPrice: (sku: OptionSku) => fromCents(sku.retailPriceCents) },
};
