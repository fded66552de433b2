import { and, eq, inArray, or } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { campaigns } from "../../../db/schema/programme.ts";
import { refundLines, refunds } from "../../../db/schema/refunds.ts";
import { type Campaign, type CampaignLine, campaignBonus, lineSpendCents, type Tier } from "../campaigns/campaign.ts";
import { orderLinesForCampaigns } from "../campaigns/campaign-points.ts";
import { campaignOf } from "../campaigns/campaign-schedule.ts";
import { orderPoints } from "../points/order-earn.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";

/** An order line with the share of it refunds have given back: its credited boxes, and any plain amounts' share. */
export type RefundedLine = CampaignLine & { refundedShare: number };

/**
 * How much of each line of an order its refunds have given back, counting the refunds the provider
 * confirmed and the one being recorded (`order.refundedCents` includes it): the boxes a refund of
 * lines credits are that line's own; the rest of the money refunded (amounts, no lines) is a share of
 * the whole order, so of every line and of the delivery.
 */
export async function refundedPartOf(
  tx: Tx,
  order: { id: string; priceCents: number; refundedCents: number },
  refundId: string,
): Promise<{ lines: RefundedLine[]; amountShare: number }> {
  const credited = await tx
    .select({
      refundId: refunds.id,
      amountCents: refunds.amountCents,
      position: refundLines.position,
      quantity: refundLines.quantity,
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refundLines.orderId, order.id), or(eq(refunds.status, "succeeded"), eq(refunds.id, refundId))));
  const lineRefunds = new Map(credited.map((line) => [line.refundId, line.amountCents]));
  const lineRefundCents = [...lineRefunds.values()].reduce((sum, cents) => sum + cents, 0);
  const amountOnlyCents = Math.max(0, order.refundedCents - lineRefundCents);
  const amountShare = order.priceCents > 0 ? Math.min(1, amountOnlyCents / order.priceCents) : 1;
  const lines = (await orderLinesForCampaigns(tx, order.id)).map(({ position, quantity, ...line }) => {
    const boxes = credited.filter((each) => each.position === position).reduce((sum, each) => sum + each.quantity, 0);
    return { ...line, refundedShare: Math.min(1, (quantity > 0 ? boxes / quantity : 1) + amountShare) };
  });
  return { lines, amountShare };
}

/** The spend the refunded part counts for, as the rules count spend (delivery only where they count it). */
export function refundedSpendCents(
  part: { lines: readonly RefundedLine[]; amountShare: number },
  rules: ProgrammeRules,
  shippingCents: number,
): number {
  const goods = part.lines.reduce((sum, line) => sum + lineSpendCents(line, rules) * line.refundedShare, 0);
  return Math.round(goods + (rules.earning.includesShipping ? shippingCents * part.amountShare : 0));
}

/** The lines cut to a share of each: what was refunded (`refunded`) or what the shopper keeps (`kept`). */
export function linesCutTo(lines: readonly RefundedLine[], which: "refunded" | "kept"): CampaignLine[] {
  return lines.flatMap((line) => {
    const share = which === "refunded" ? line.refundedShare : 1 - line.refundedShare;
    if (share <= 0) return [];
    const { refundedShare: _share, ...rest } = line;
    return [{ ...rest, lineTotalCents: line.lineTotalCents * share, discountCents: line.discountCents * share }];
  });
}

/**
 * The programme's points on a spend for the order's member as they were credited: the crediting
 * version's rule at the tier whose points the entry carries. An entry neither tier explains (written
 * by a debug tool, or an old order linked for history) is read in proportion to its own spend.
 */
export function creditedPointsRule(
  rules: ProgrammeRules,
  earned: { points: number; spentCents: number },
): { tier: Tier | null; pointsOn: (spendCents: number) => number } {
  for (const tier of ["green", "gold"] as const) {
    if (orderPoints(rules, earned.spentCents, tier) === earned.points)
      return { tier, pointsOn: (spend) => orderPoints(rules, spend, tier) };
  }
  return {
    tier: null,
    pointsOn: (spend) => (earned.spentCents > 0 ? Math.floor((earned.points * spend) / earned.spentCents) : 0),
  };
}

/** The campaigns that credited bonuses, by id, with the terms they were credited with (terms never change). */
export async function campaignsById(tx: Tx, ids: string[]): Promise<Map<string, Campaign>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(campaigns).where(inArray(campaigns.id, ids));
  return new Map(rows.map((row) => [row.id, campaignOf(row)]));
}

/**
 * How much of a campaign's bonus the refunded part takes back: a multiplier's bonus on the refunded
 * lines, a fixed bonus once no box in its scope is kept. Where the bonus cannot be worked out again as
 * it was credited, it goes back in proportion to the spend refunded.
 */
export function bonusRefunded(
  credited: number,
  campaign: Campaign | undefined,
  context: {
    lines: readonly RefundedLine[];
    rules: ProgrammeRules;
    tier: Tier | null;
    pointsOn: (spendCents: number) => number;
    spentCents: number;
    refundedSpendCents: number;
  },
): number {
  const { rules, tier, pointsOn, spentCents, refundedSpendCents } = context;
  const on = (lines: CampaignLine[], orderSpendCents: number) =>
    campaign && tier ? campaignBonus(campaign, { tier, lines, orderSpendCents, rules, pointsOn }) : Number.NaN;
  if (!campaign || on([...context.lines], spentCents) !== credited) {
    return spentCents > 0 ? Math.floor((credited * refundedSpendCents) / spentCents) : credited;
  }
  if (campaign.kind === "fixed")
    return on(linesCutTo(context.lines, "kept"), spentCents - refundedSpendCents) === 0 ? credited : 0;
  return Math.min(credited, on(linesCutTo(context.lines, "refunded"), refundedSpendCents));
}
