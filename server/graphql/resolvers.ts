import { findProduct } from "../../domain/catalog/find-product.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { largestPhoto } from "../../domain/catalog/photos/photo-variants.ts";
import type { OptionSku, Product, PurchaseOption } from "../../domain/catalog/types.ts";
import type { CampaignView } from "../../domain/loyalty/campaigns/campaign-view.ts";
import { listActiveCampaigns } from "../../domain/loyalty/campaigns/list-active-campaigns.ts";
import type { EarnAction } from "../../domain/loyalty/programme/earn-actions.ts";
import { getProgramme, type ProgrammeView } from "../../domain/loyalty/programme/get-programme.ts";
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
    programme: (_: unknown, _args: unknown, ctx: GraphQLContext) => getProgramme(ctx.operations, {}),
    activeCampaigns: (_: unknown, _args: unknown, ctx: GraphQLContext) => listActiveCampaigns(ctx.operations, {}),
  },
  Campaign: {
    kind: (campaign: CampaignView) => campaign.kind.toUpperCase(),
    scope: (campaign: CampaignView) => campaign.scope.toUpperCase(),
    audience: (campaign: CampaignView) => campaign.audience.toUpperCase(),
    startsAt: (campaign: CampaignView) => campaign.startsAt.toISOString(),
    endsAt: (campaign: CampaignView) => campaign.endsAt.toISOString(),
  },
  Programme: {
    effectiveAt: (programme: ProgrammeView) => programme.effectiveAt.toISOString(),
    pointsPerDollar: (programme: ProgrammeView) => programme.terms.orderPointsPerDollar,
    rounding: (programme: ProgrammeView) => (programme.terms.wholeDollars ? "WHOLE_DOLLARS" : "CENTS"),
    spendAfterDiscounts: (programme: ProgrammeView) => programme.terms.spendAfterDiscounts,
    shippingCounts: (programme: ProgrammeView) => programme.terms.shippingCounts,
    goldThreshold: (programme: ProgrammeView) => fromCents(programme.terms.goldThresholdCents),
    goldQualifyingWindowMonths: (programme: ProgrammeView) => programme.terms.goldWindowMonths,
    goldLengthMonths: (programme: ProgrammeView) => programme.terms.goldLengthMonths,
    goldMultiplier: (programme: ProgrammeView) => programme.terms.goldPointsMultiplier,
    redeemHoldDays: (programme: ProgrammeView) => programme.terms.redeemHoldDays,
    claimWindowDays: (programme: ProgrammeView) => programme.terms.claimWindowDays,
    earnActions: (programme: ProgrammeView) => programme.actions,
  },
  EarnAction: {
    comingSoon: (action: EarnAction) => action.isDisabled,
    verification: (action: EarnAction) => action.verification.toUpperCase(),
  },
  Series: { slug: (series: Series) => seriesSlug(series) },
  Product: {
    purchaseOptions: (product: Product) => product.options,
    images: (product: Product) =>
      product.images.map((photo) => {
        const { path, ...size } = largestPhoto(photo);
        return { url: path, ...size };
      }),
  },
  PurchaseOption: { optionPrice: (option: PurchaseOption) => fromCents(option.optionPriceCents) },
  Sku: { retailPrice: (sku: OptionSku) => fromCents(sku.retailPriceCents) },
};
