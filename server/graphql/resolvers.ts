import { findProduct } from "../../domain/catalog/find-product.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { listProducts } from "../../domain/catalog/list-products.ts";
import type { OptionSku, Product, PurchaseOption } from "../../domain/catalog/types.ts";
import { fromCents } from "../../kernel/money.ts";
import { SERIES, type Series, seriesSlug } from "../../kernel/series.ts";
import type { GraphQLContext } from "./context.ts";

type LookupArgs = { includeInactive?: boolean | null };
type ListArgs = LookupArgs & { seriesCode?: string | null };

export const resolvers = {
  Query: {
    series: () => SERIES,
    products: async (_: unknown, args: ListArgs & { first?: number | null; offset?: number | null }, ctx: GraphQLContext) =>
      (await listProducts(ctx.operations, args)).products,
    productCount: async (_: unknown, args: ListArgs, ctx: GraphQLContext) =>
      (await listProducts(ctx.operations, { ...args, first: 0 })).totalCount,
    product: (_: unknown, args: LookupArgs & { id: string }, ctx: GraphQLContext) =>
      findProduct(ctx.operations, { productId: args.id, includeInactive: args.includeInactive }),
    purchaseOption: (_: unknown, args: LookupArgs & { optionId: string }, ctx: GraphQLContext) =>
      findPurchaseOption(ctx.operations, args),
  },
  Series: { slug: (series: Series) => seriesSlug(series) },
  Product: { purchaseOptions: (product: Product) => product.options },
  PurchaseOption: { optionPrice: (option: PurchaseOption) => fromCents(option.optionPriceCents) },
  Sku: { retailPrice: (sku: OptionSku) => fromCents(sku.retailPriceCents) },
};
