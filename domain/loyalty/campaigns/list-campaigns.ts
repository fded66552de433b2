import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { pointTransactions } from "../../../db/schema/points.ts";
import { campaigns } from "../../../db/schema/programme.ts";
import { SERIES } from "../../../kernel/series.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { type CampaignStatus, campaignStatus } from "./campaign.ts";
import { CAMPAIGN_ENTRY_KIND } from "./campaign-points.ts";
import { campaignOf } from "./campaign-schedule.ts";
import { type CampaignView, campaignView } from "./campaign-view.ts";

/** How many finished campaigns the list shows, latest first. */
const FINISHED_SHOWN = 50;

export type StaffCampaign = CampaignView & {
  status: CampaignStatus;
  createdBy: string;
  /** Bonus points credited so far, and on how many orders (before any refund took some back). */
  pointsGiven: number;
  ordersGiven: number;
};

const declared = { access: staffHolding("programme"), input: z.object({}) };

/**
 * listCampaigns: upcoming and running campaigns, and the latest finished ones, with what each has
 * given; and what a new one can cover (the series, and every product on sale or not).
 */
export const listCampaigns = defineOperation(declared, async function listCampaigns(ctx) {
  const now = ctx.now();
  const unfinished = await ctx.db.select().from(campaigns).where(gt(campaigns.endsAt, now));
  const finished = await ctx.db
    .select()
    .from(campaigns)
    .where(lte(campaigns.endsAt, now))
    .orderBy(desc(campaigns.endsAt))
    .limit(FINISHED_SHOWN);
  const rows = [...unfinished, ...finished];
  const ids = rows.map((row) => row.id);
  const given =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: sql<string>`${pointTransactions.meta}->>'campaignId'`,
            points: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int`,
            orders: sql<number>`count(*)::int`,
          })
          .from(pointTransactions)
          .where(
            and(
              eq(pointTransactions.activityType, CAMPAIGN_ENTRY_KIND),
              inArray(sql`${pointTransactions.meta}->>'campaignId'`, ids),
            ),
          )
          .groupBy(sql`1`);
  const byId = new Map(given.map((row) => [row.id, row]));
  const catalogue = await ctx.catalog.index();
  const listed: StaffCampaign[] = rows.map((row) => {
    const campaign = campaignOf(row);
    const totals = byId.get(campaign.id);
    return {
      ...campaignView(campaign, catalogue),
      status: campaignStatus(campaign, now),
      createdBy: row.createdBy,
      pointsGiven: Number(totals?.points ?? 0),
      ordersGiven: Number(totals?.orders ?? 0),
    };
  });
  const byStart = (a: StaffCampaign, b: StaffCampaign) => a.startsAt.getTime() - b.startsAt.getTime();
  return {
    running: listed.filter((campaign) => campaign.status === "running").sort(byStart),
    upcoming: listed.filter((campaign) => campaign.status === "upcoming").sort(byStart),
    finished: listed.filter((campaign) => campaign.status === "finished"),
    choices: {
      series: SERIES.map((series) => ({ id: series.code, name: series.name })),
      products: catalogue.products.map((product) => ({ id: product.id, name: product.name })),
    },
  };
});
