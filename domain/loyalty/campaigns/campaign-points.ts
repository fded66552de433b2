import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { orderLines, type orders } from "../../../db/schema/orders.ts";
import { campaigns } from "../../../db/schema/programme.ts";
import type { PointKind } from "../../../kernel/point-kinds.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { orderCreditsOfKind } from "../points/order-credits.ts";
import { recordPointEntry } from "../points/point-ledger.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { type CampaignLine, campaignBonus, isForTier, type Tier } from "./campaign.ts";
import { campaignOf } from "./campaign-schedule.ts";

/** The ledger kind of a campaign's bonus; its entries name the campaign in meta (campaignId, campaignName). */
export const CAMPAIGN_ENTRY_KIND = "campaign" satisfies PointKind;

/** One bonus per campaign and order, however often the order is credited. */
export const campaignEntryKey = (campaignId: string, orderId: string) => `campaign:${campaignId}:order:${orderId}`;

/** An order's lines with the product and series each is for, as campaigns read them, and where and how many each is. */
export async function orderLinesForCampaigns(
  tx: Tx,
  orderId: string,
): Promise<(CampaignLine & { position: number; quantity: number })[]> {
  return tx
    .select({
      position: orderLines.position,
      quantity: orderLines.quantity,
      lineTotalCents: orderLines.lineTotalCents,
      discountCents: orderLines.discountCents,
      productId: products.id,
      seriesCode: products.seriesCode,
    })
    .from(orderLines)
    .leftJoin(purchaseOptions, eq(purchaseOptions.optionId, orderLines.optionId))
    .leftJoin(products, eq(products.id, purchaseOptions.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/**
 * Inside the transaction that credits an order's points: one `campaign` entry for each campaign that
 * was running when the order was paid and is for the member's tier as they are credited, sized by
 * campaignBonus with the same rules and recorded under the same programme version as the order's own
 * entry. Each campaign and order has its own idempotency key, so crediting again adds nothing.
 * Returns the bonuses credited now, by campaign name.
 */
export async function creditCampaignBonuses(
  tx: Tx,
  jobs: JobQueue,
  input: {
    member: { id: string; email: string; membershipStatus: Tier };
    order: Pick<typeof orders.$inferSelect, "id" | "invoiceId" | "paidAt">;
    rules: ProgrammeRules;
    programmeVersion: number;
    orderSpendCents: number;
    /** The programme's points on a spend for this member (the order's own rule). */
    pointsOn: (spendCents: number) => number;
    at: Date;
  },
): Promise<{ name: string; points: number }[]> {
  const { member, order } = input;
  const rows = await tx
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.startsAt, order.paidAt), gt(campaigns.endsAt, order.paidAt)))
    .orderBy(asc(campaigns.startsAt), asc(campaigns.id));
  const running = rows.map(campaignOf).filter((campaign) => isForTier(campaign, member.membershipStatus));
  if (running.length === 0) return [];
  const lines = await orderLinesForCampaigns(tx, order.id);
  const credited: { name: string; points: number }[] = [];
  for (const campaign of running) {
    const points = campaignBonus(campaign, {
      tier: member.membershipStatus,
      lines,
      orderSpendCents: input.orderSpendCents,
      rules: input.rules,
      pointsOn: input.pointsOn,
    });
    if (points === 0) continue;
    const recorded = await recordPointEntry(tx, jobs, {
      memberId: member.id,
      email: member.email,
      kind: CAMPAIGN_ENTRY_KIND,
      transactionType: "credit",
      points,
      meta: { orderId: order.id, invoiceId: order.invoiceId, campaignId: campaign.id, campaignName: campaign.name },
      idempotencyKey: campaignEntryKey(campaign.id, order.id),
      programmeVersion: input.programmeVersion,
      at: input.at,
    });
    if (recorded) credited.push({ name: campaign.name, points });
  }
  return credited;
}

/** The campaign bonuses credited on an order, to reverse with it. */
export async function campaignCreditsOf(tx: Tx, memberId: string, orderId: string) {
  const rows = await orderCreditsOfKind(tx, { memberId, orderId, kind: CAMPAIGN_ENTRY_KIND });
  return rows.map((row) => ({
    points: row.points,
    programmeVersion: row.programmeVersion,
    campaignId: String(row.meta.campaignId),
    campaignName: String(row.meta.campaignName),
  }));
}
