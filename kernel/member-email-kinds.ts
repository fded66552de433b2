/**
 * The emails the loyalty programme sends a member (decision 044), each of which the member can turn
 * off unless it is a service email (SERVICE_MEMBER_EMAIL_KINDS). Order, shipping and refund emails
 * are not among them: every shopper gets those.
 */
export const MEMBER_EMAIL_KINDS = [
  "order-points",
  "gold-reached",
  "gold-ending",
  "points-expiring",
  "reward-shipped",
  "referral-rewarded",
  "review-request",
  "subscription-changed",
  "subscription-reminder",
  "renewal-declined",
  "renewal-authentication",
  "renewal-not-charged",
] as const;

export type MemberEmailKind = (typeof MEMBER_EMAIL_KINDS)[number];

/**
 * The member emails sent whatever the member chose, as order emails are (decision 055): money owed on
 * a subscription (a declined renewal, one waiting for the card holder), and what a member must know of
 * their standing order: a change to it, a box not sent. The account page does not offer them and they carry
 * no unsubscribe link.
 */
export const SERVICE_MEMBER_EMAIL_KINDS = [
  "subscription-changed",
  "renewal-declined",
  "renewal-authentication",
  "renewal-not-charged",
] as const satisfies readonly MemberEmailKind[];

/** Whether a member may turn this kind of email off. */
export const isSwitchableMemberEmail = (kind: MemberEmailKind): boolean =>
  !(SERVICE_MEMBER_EMAIL_KINDS as readonly MemberEmailKind[]).includes(kind);

/** The kinds a member chooses on their account page, in MEMBER_EMAIL_KINDS' order. */
export const SWITCHABLE_MEMBER_EMAIL_KINDS = MEMBER_EMAIL_KINDS.filter(isSwitchableMemberEmail);

export const isMemberEmailKind = (value: string): value is MemberEmailKind =>
  (MEMBER_EMAIL_KINDS as readonly string[]).includes(value);
