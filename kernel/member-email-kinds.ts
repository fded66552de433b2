/**
 * The emails the loyalty programme sends a member, each of which the member can turn off
 * (decision 044). Order, shipping and refund emails are not among them: every shopper gets those.
 */
export const MEMBER_EMAIL_KINDS = [
  "order-points",
  "gold-reached",
  "gold-ending",
  "points-expiring",
  "reward-shipped",
  "referral-rewarded",
  "subscription-changed",
  "subscription-reminder",
  "renewal-declined",
  "renewal-authentication",
] as const;

export type MemberEmailKind = (typeof MEMBER_EMAIL_KINDS)[number];

export const isMemberEmailKind = (value: string): value is MemberEmailKind =>
  (MEMBER_EMAIL_KINDS as readonly string[]).includes(value);
