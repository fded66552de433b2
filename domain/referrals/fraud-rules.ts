import { DAY_MS } from "../../kernel/singapore-time.ts";
import type { ReferralRule } from "../loyalty/programme/programme-rules.ts";
import { emailKey, mobileKey } from "./identity-keys.ts";

/** Why a referral is refused (clearly the referrer's own order) or held for staff (doubtful), as stored and shown. */
export const REFERRAL_REASONS = {
  "existing-customer": "The friend had ordered before",
  "own-link": "The friend was signed in as the referrer",
  "same-email": "The friend's email is the referrer's",
  "same-mobile": "The friend's mobile number is the referrer's",
  "same-address": "The friend's delivery address is one of the referrer's",
  "same-card": "The friend paid with a card the referrer used",
  "same-device": "The friend ordered from a device the referrer used",
  "weekly-cap": "The referrer passed the weekly number of referrals",
  "device-used-before": "Another of the referrer's friends ordered from this device lately",
  "address-used-before": "Another of the referrer's friends had this delivery address lately",
  /** Not a check: recorded when a refund reverses the referral before it paid. */
  refunded: "The friend's order was refunded before the referral paid",
} as const;
export type ReferralReason = keyof typeof REFERRAL_REASONS;

const REFUSING: ReadonlySet<ReferralReason> = new Set([
  "existing-customer",
  "own-link",
  "same-email",
  "same-mobile",
  "same-address",
  "same-card",
  "same-device",
]);

/** The friend's order as the checks see it; null is not known yet (at checkout, before the form or the payment). */
export type FriendFacts = {
  memberId: string | null;
  email: string | null;
  mobile: string | null;
  /** Address and postal code, as addressKey makes them. */
  address: string | null;
  cardFingerprint: string | null;
  deviceId: string | null;
  orderedBefore: boolean;
};

/** What the referrer is known by: their account and its email, and the emails, mobiles, addresses, cards and devices of their orders and visits. */
export type ReferrerFacts = {
  memberId: string;
  emails: readonly string[];
  mobiles: readonly string[];
  addresses: readonly string[];
  cardFingerprints: readonly string[];
  deviceIds: readonly string[];
  /** The referrer's earlier referrals (not this one), newest or oldest in any order. */
  earlier: readonly { createdAt: Date; deviceId: string | null; address: string }[];
};

export type ReferralJudgement = { state: "pending" | "refused" | "held"; reasons: ReferralReason[] };

/**
 * Judges a referred friend's order (decision 045). Clearly the referrer's own — an earlier customer,
 * the referrer signed in, or the referrer's email, mobile, delivery address, card or device, each
 * compared in its canonical form (identity-keys.ts) — is refused. Doubtful — past the
 * weekly cap, or the same device or address as another of the referrer's friends within the window
 * — is held for staff. Every reason found is kept.
 */
export function judgeReferral(friend: FriendFacts, referrer: ReferrerFacts, rule: ReferralRule, now: Date): ReferralJudgement {
  const reasons: ReferralReason[] = [];
  const has = (list: readonly string[], value: string | null) => value !== null && list.includes(value);
  const keyed = (key: (value: string) => string, list: readonly string[], value: string | null) =>
    value !== null && list.map(key).includes(key(value));
  if (friend.orderedBefore) reasons.push("existing-customer");
  if (friend.memberId === referrer.memberId) reasons.push("own-link");
  if (keyed(emailKey, referrer.emails, friend.email)) reasons.push("same-email");
  if (keyed(mobileKey, referrer.mobiles, friend.mobile)) reasons.push("same-mobile");
  if (has(referrer.addresses, friend.address)) reasons.push("same-address");
  if (has(referrer.cardFingerprints, friend.cardFingerprint)) reasons.push("same-card");
  if (has(referrer.deviceIds, friend.deviceId)) reasons.push("same-device");

  const weekAgo = now.getTime() - 7 * DAY_MS;
  if (referrer.earlier.filter((earlier) => earlier.createdAt.getTime() > weekAgo).length >= rule.weeklyCapPerReferrer) {
    reasons.push("weekly-cap");
  }
  const windowStart = now.getTime() - rule.sameDeviceWindowDays * DAY_MS;
  const recent = referrer.earlier.filter((earlier) => earlier.createdAt.getTime() > windowStart);
  if (friend.deviceId && recent.some((earlier) => earlier.deviceId === friend.deviceId)) reasons.push("device-used-before");
  if (friend.address && recent.some((earlier) => earlier.address === friend.address)) reasons.push("address-used-before");

  if (reasons.some((reason) => REFUSING.has(reason))) return { state: "refused", reasons };
  return { state: reasons.length > 0 ? "held" : "pending", reasons };
}
