import { z } from "zod";
import { anyone } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { activeCampaigns } from "./campaign-schedule.ts";
import { type CampaignView, campaignView } from "./campaign-view.ts";

const declared = { access: anyone, input: z.object({}) };

/** listActiveCampaigns: the campaigns running now, earliest start first, as anyone may read them. */
export const listActiveCampaigns = defineOperation(declared, async function listActiveCampaigns(ctx): Promise<CampaignView[]> {
  const catalogue = await ctx.catalog.index();
  return (await activeCampaigns(ctx)).map((campaign) => campaignView(campaign, catalogue));
});
