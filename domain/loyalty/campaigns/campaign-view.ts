import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { seriesByCode } from "../../../kernel/series.ts";
import type { CatalogIndex } from "../../catalog/catalog-index.ts";
import type { Campaign, CampaignTerms } from "./campaign.ts";
import { AUDIENCE_LABELS, campaignAmountText, campaignHeadline } from "./campaign-copy.ts";

/** A campaign as members, visitors and API clients read it. */
export type CampaignView = Campaign & {
  /** The series or products it covers, by name, in the order staff chose them; empty for "all". */
  scopeNames: string[];
  /** The campaign in a sentence: "Double points on Luna until Sun, 30 Nov 2025, 11:59 pm". */
  headline: string;
};

/** The names of what a campaign covers: series names, or product names (an id the catalogue lost stays as it is). */
export function scopeNamesOf(terms: Pick<CampaignTerms, "scope" | "scopeIds">, catalogue: CatalogIndex): string[] {
  if (terms.scope === "series") return terms.scopeIds.map((code) => seriesByCode(code)?.name ?? code);
  if (terms.scope === "products") {
    return terms.scopeIds.map((id) => catalogue.product(id, { includeInactive: true })?.name ?? id);
  }
  return [];
}

export function campaignView(campaign: Campaign, catalogue: CatalogIndex): CampaignView {
  const scopeNames = scopeNamesOf(campaign, catalogue);
  return { ...campaign, scopeIds: [...campaign.scopeIds], scopeNames, headline: campaignHeadline(campaign, scopeNames) };
}

/** A campaign as the audit log keeps it: every term in words and both times in Singapore time. */
export function auditRecordOf(campaign: Campaign, catalogue: CatalogIndex) {
  const names = scopeNamesOf(campaign, catalogue);
  return {
    name: campaign.name,
    gives: campaignAmountText(campaign),
    covers:
      campaign.scope === "all" ? "Every order" : `${campaign.scope === "series" ? "Series" : "Products"}: ${names.join(", ")}`,
    audience: AUDIENCE_LABELS[campaign.audience],
    starts: formatTimestamp(campaign.startsAt),
    ends: formatTimestamp(campaign.endsAt),
  };
}
