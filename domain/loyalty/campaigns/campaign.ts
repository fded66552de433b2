import type { ProgrammeRules } from "../programme/programme-rules.ts";

/**
 * Bonus-point campaigns (decision 041): extra points on paid orders within a time, on all goods, a
 * series or chosen products, for every member or one tier. The stacking rule: a campaign adds to the
 * points the programme gives and to every other campaign; each running one that matches applies on
 * its own.
 */

export const CAMPAIGN_KINDS = ["multiplier", "fixed"] as const;
export const CAMPAIGN_SCOPES = ["all", "series", "products"] as const;
export const CAMPAIGN_AUDIENCES = ["all", "green", "gold"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export type CampaignScope = (typeof CAMPAIGN_SCOPES)[number];
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];
export type Tier = "green" | "gold";

/** What a campaign gives, to what and whom: everything but its name and its time. */
export type CampaignTerms = {
  kind: CampaignKind;
  /** multiplier: the in-scope points times this in all, at most two decimals (the bonus is the extra). */
  multiplier: number | null;
  /** fixed: given once per order with an in-scope line. */
  bonusPoints: number | null;
  scope: CampaignScope;
  /** Series codes or product ids; empty for "all". */
  scopeIds: readonly string[];
  audience: CampaignAudience;
};

export type Campaign = CampaignTerms & {
  id: string;
  name: string;
  /** Running from startsAt (included) until endsAt (not included). */
  startsAt: Date;
  endsAt: Date;
};

export type CampaignStatus = "upcoming" | "running" | "finished";

export function campaignStatus(campaign: Pick<Campaign, "startsAt" | "endsAt">, at: Date): CampaignStatus {
  if (at < campaign.startsAt) return "upcoming";
  return at < campaign.endsAt ? "running" : "finished";
}

/** The campaigns running at `at`. */
export function runningAt<C extends Campaign>(campaigns: readonly C[], at: Date): C[] {
  return campaigns.filter((campaign) => campaignStatus(campaign, at) === "running");
}

export function isForTier(campaign: Pick<CampaignTerms, "audience">, tier: Tier): boolean {
  return campaign.audience === "all" || campaign.audience === tier;
}

/** The product a line is for and its series; a line whose option is no longer in the catalogue has neither. */
export type LineProduct = { productId: string | null; seriesCode: string | null };

export function isInScope(campaign: Pick<CampaignTerms, "scope" | "scopeIds">, line: LineProduct): boolean {
  if (campaign.scope === "all") return true;
  const id = campaign.scope === "series" ? line.seriesCode : line.productId;
  return id !== null && campaign.scopeIds.includes(id);
}

/** An order or bag line as a campaign reads it: its product and its price before and after the discount it took. */
export type CampaignLine = LineProduct & { lineTotalCents: number; discountCents: number };

/** What a line counts as spend, as the rules say for the order as a whole (goods after discounts in version 1). */
export function lineSpendCents(line: Pick<CampaignLine, "lineTotalCents" | "discountCents">, rules: ProgrammeRules): number {
  return Math.max(0, line.lineTotalCents + (rules.earning.afterDiscounts ? 0 : line.discountCents));
}

/** A multiplier in hundredths (2 → 200): a real column holds 1.15 as 1.1499999…, and the bonus must not lose a point to that. */
const hundredths = (multiplier: number) => Math.round(multiplier * 100);

/**
 * A campaign's bonus on one order, for a member of `tier`: a fixed campaign's points once when a line
 * is in scope; a multiplier campaign's (multiplier − 1) × the points the in-scope part earns
 * (`pointsOn`, the programme's own rule with the tier multiple), rounded down. The in-scope part of an
 * order under an "all" campaign is its whole spend (`orderSpendCents`, shipping too where the rules
 * count it); otherwise the in-scope lines' spend.
 */
export function campaignBonus(
  campaign: CampaignTerms,
  order: {
    tier: Tier;
    lines: readonly CampaignLine[];
    orderSpendCents: number;
    rules: ProgrammeRules;
    pointsOn: (spendCents: number) => number;
  },
): number {
  if (!isForTier(campaign, order.tier)) return 0;
  const scoped = order.lines.filter((line) => isInScope(campaign, line));
  if (scoped.length === 0) return 0;
  if (campaign.kind === "fixed") return campaign.bonusPoints ?? 0;
  const spend =
    campaign.scope === "all" ? order.orderSpendCents : scoped.reduce((sum, line) => sum + lineSpendCents(line, order.rules), 0);
  const extra = hundredths(campaign.multiplier ?? 1) - 100;
  return extra > 0 ? Math.floor((order.pointsOn(spend) * extra) / 100) : 0;
}
