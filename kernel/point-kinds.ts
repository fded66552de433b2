/** The kinds of point transaction (`activityType`) and the label members see for each (SPEC.md §4). */
export const POINT_KIND_LABELS = {
  "loyalty-points": "Loyalty Bonus Points",
  "sign-up": "Sign Up",
  "follow-ig": "Followed on Instagram",
  "follow-tt": "Followed on TikTok",
  "follow-fb": "Followed on Facebook",
  "post-review": "Posted review",
  "tag-social": "Tagged on social media",
  "refer-friends": "Referred friends",
  order: "Ordered",
  bonus: "Dummy Bonus Points",
  refund: "Refund",
  "dummy-order": "Dummy Order",
  redeem: "Redeemed Product",
  "manual-debit": "Refund Adjustment",
  "manual-credit": "Bonus Points",
  campaign: "Campaign Bonus",
  expired: "Points Expired",
  "expiry-reversal": "Expired Points Restored",
  "referral-bonus": "Referral Bonus",
  "subscription-renewal": "Subscription Renewal Bonus",
} as const;

export type PointKind = keyof typeof POINT_KIND_LABELS;

export function isPointKind(value: string): value is PointKind {
  return Object.hasOwn(POINT_KIND_LABELS, value);
}

/** The label of a kind; a kind this table does not know is shown as it is stored. */
export function pointKindLabel(kind: string): string {
  return isPointKind(kind) ? POINT_KIND_LABELS[kind] : kind;
}

/**
 * The label of one entry: a campaign's bonus, and the refund that takes it back, name the campaign
 * (meta.campaignName) — "Campaign Bonus: Luna Double Points Week".
 */
export function pointEntryLabel(kind: string, meta: Record<string, unknown>): string {
  const campaign = typeof meta.campaignName === "string" ? meta.campaignName : null;
  return campaign ? `${pointKindLabel(kind)}: ${campaign}` : pointKindLabel(kind);
}
