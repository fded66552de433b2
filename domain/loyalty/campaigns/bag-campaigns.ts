import { eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { bagHolder, loadBag } from "../../bag/held-bag.ts";
import type { OperationContext } from "../../shared/context.ts";
import { defineOperation } from "../../shared/operation.ts";
import { orderPoints, orderSpendCents } from "../points/order-earn.ts";
import { currentProgramme } from "../programme/programme.ts";
import { type CampaignLine, campaignBonus, isForTier, isInScope, type Tier } from "./campaign.ts";
import { activeCampaigns } from "./campaign-schedule.ts";
import { type CampaignView, campaignView } from "./campaign-view.ts";

export type BagCampaigns = {
  /** The running campaigns that cover something in the bag (for a signed-in member: those of their tier). */
  campaigns: CampaignView[];
  /** By the bag line's purchase option: the names of the campaigns that cover it. */
  lineCampaigns: Record<string, string[]>;
  /** For a signed-in member: the bonus their bag would get if paid now, before any promotion code; null for a visitor. */
  estimatedBonus: number | null;
};

const declared = { access: bagHolder, input: z.object({}) };

/** The signed-in member's tier; null for anyone else (a visitor sees every campaign and no estimate). */
async function viewerTier(ctx: OperationContext): Promise<Tier | null> {
  if (ctx.viewer.kind !== "member" || ctx.viewer.memberId === null) return null;
  const [member] = await ctx.db
    .select({ status: members.membershipStatus })
    .from(members)
    .where(eq(members.id, ctx.viewer.memberId));
  return member?.status ?? null;
}

/**
 * bagCampaigns: which lines of the viewer's bag running campaigns cover and, for a signed-in member,
 * the bonus they would add (the rule fulfilment applies, on the bag's prices after its quantity savings and before a promotion code).
 */
export const bagCampaigns = defineOperation(declared, async function bagCampaigns(ctx, _input, held): Promise<BagCampaigns> {
  const running = await activeCampaigns(ctx);
  const bag = running.length > 0 ? await loadBag(ctx, held.id) : null;
  if (!bag || bag.lines.length === 0) return { campaigns: [], lineCampaigns: {}, estimatedBonus: null };
  const tier = await viewerTier(ctx);
  const lines: (CampaignLine & { optionId: string })[] = bag.lines.map((line) => ({
    optionId: line.optionId,
    productId: line.product.id,
    seriesCode: line.product.series.code,
    lineTotalCents: line.lineTotalCents - line.quantitySavingCents,
    discountCents: line.quantitySavingCents,
  }));
  const shown = running.filter(
    (campaign) => (tier === null || isForTier(campaign, tier)) && lines.some((line) => isInScope(campaign, line)),
  );
  const lineCampaigns = Object.fromEntries(
    lines.map((line) => [line.optionId, shown.filter((campaign) => isInScope(campaign, line)).map((campaign) => campaign.name)]),
  );
  const catalogue = await ctx.catalog.index();
  const views = shown.map((campaign) => campaignView(campaign, catalogue));
  if (tier === null) return { campaigns: views, lineCampaigns, estimatedBonus: null };
  const { rules } = await currentProgramme(ctx);
  const spend = orderSpendCents(
    { subtotalCents: bag.subtotalCents, discountCents: bag.subtotalCents - bag.goodsCents, shippingCents: bag.shippingCents },
    rules,
  );
  const estimatedBonus = shown.reduce(
    (sum, campaign) =>
      sum +
      campaignBonus(campaign, {
        tier,
        lines,
        orderSpendCents: spend,
        rules,
        pointsOn: (cents) => orderPoints(rules, cents, tier),
      }),
    0,
  );
  return { campaigns: views, lineCampaigns, estimatedBonus };
});
