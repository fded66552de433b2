import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import type { Campaign, CampaignAudience, CampaignTerms } from "./campaign.ts";

/** How campaigns are worded for members and staff; one wording, so pages cannot disagree. */

/** The stacking rule, as every page that shows campaigns states it (decision 041). */
export const STACKING_RULE =
  "Campaign points come on top of the points your order earns, and on top of each other: every campaign running " +
  "when your order is paid that covers what you bought and your tier adds its own bonus. A points multiplier counts " +
  "the points the covered items earn, gold multiple included.";

const NAMED_MULTIPLES: Record<number, string> = { 200: "Double", 300: "Triple", 400: "Quadruple" };

/** "Double points", "1.5× points", "50 bonus points". */
export function campaignAmountText(terms: Pick<CampaignTerms, "kind" | "multiplier" | "bonusPoints">): string {
  if (terms.kind === "fixed") return `${formatNumber(terms.bonusPoints ?? 0)} bonus points`;
  const multiplier = terms.multiplier ?? 1;
  return `${NAMED_MULTIPLES[Math.round(multiplier * 100)] ?? `${formatNumber(multiplier, 2)}×`} points`;
}

/** "Luna", "Luna and V5", "Luna, V5 and Joffee". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a campaign covers, after "on": "every order", "Luna", "orders with Luna" (a fixed bonus comes once per order). */
export function campaignScopeText(terms: Pick<CampaignTerms, "kind" | "scope">, scopeNames: readonly string[]): string {
  if (terms.scope === "all") return "every order";
  const names = scopeNames.length > 3 ? [...scopeNames.slice(0, 2), `${scopeNames.length - 2} more products`] : scopeNames;
  return terms.kind === "fixed" ? `orders with ${listed(names)}` : listed(names);
}

export const AUDIENCE_LABELS: Record<CampaignAudience, string> = {
  all: "All members",
  green: "Green members",
  gold: "Gold members",
};

/** "Double points on Luna for gold members until Sun, 30 Nov 2025, 11:59 pm". */
export function campaignHeadline(campaign: Campaign, scopeNames: readonly string[]): string {
  const audience = campaign.audience === "all" ? "" : ` for ${campaign.audience} members`;
  return (
    `${campaignAmountText(campaign)} on ${campaignScopeText(campaign, scopeNames)}${audience} ` +
    `until ${formatTimestamp(campaign.endsAt)}`
  );
}
