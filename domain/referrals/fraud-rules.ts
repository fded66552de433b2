import { DAY_MS } from "../../kernel/singapore-time.ts";
import type { ReferralRule } from "../loyalty/programme-rules.ts";

/** Why a referral is refused (clearly the referrer's own order) or held for staff (doubtful), as stored and shown. */
export const REFERRAL_REASONS = {
  "existing-customer": "The friend had ordered before",
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
  "same-email",
  "same-mobile",
  "same-address",
  "same-card",
  "same-device",
]);

/** The friend's order as the checks see it. */
export type FriendFacts = {
  email: string;
  mobile: string;
  /** Address and postal code, as addressKey makes them. */
  address: string;
  cardFingerprint: string | null;
  deviceId: string | null;
  orderedBefore: boolean;
};

/** What the referrer is known by: their own email, and the mobiles, addresses, cards and devices of their orders and visits. */
export type ReferrerFacts = {
  email: string;
  mobiles: readonly string[];
  addresses: readonly string[];
  cardFingerprints: readonly string[];
  deviceIds: readonly string[];
  /** The referrer's earlier referrals (not this one), newest or oldest in any order. */
  earlier: readonly { createdAt: Date; deviceId: string | null; address: string }[];
};

export type ReferralJudgement = { state: "pending" | "refused" | "held"; reasons: ReferralReason[] };

/** One spelling of an address: case, spaces and punctuation do not make it another. */
export function addressKey(address: string, postalCode: string): string {
  return `${address} ${postalCode}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** One spelling of a mobile number: its digits, without a +65 in front. */
export function mobileKey(mobile: string): string {
  const digits = mobile.replace(/\D+/g, "");
  return digits.length === 10 && digits.startsWith("65") ? digits.slice(2) : digits;
}

/**
 * Judges a referred friend's order (decision 045). Clearly the referrer's own — an earlier customer,
 * the referrer's email, mobile, delivery address, card or device — is refused. Doubtful — past the
 * weekly cap, or the same device or address as another of the referrer's friends within the window
 * — is held for staff. Every reason found is kept.
 */
export function judgeReferral(friend: FriendFacts, referrer: ReferrerFacts, rule: ReferralRule, now: Date): ReferralJudgement {
  const reasons: ReferralReason[] = [];
  const has = (list: readonly string[], value: string | null) => value !== null && list.includes(value);
  if (friend.orderedBefore) reasons.push("existing-customer");
  if (friend.email.trim().toLowerCase() === referrer.email.trim().toLowerCase()) reasons.push("same-email");
  if (has(referrer.mobiles.map(mobileKey), mobileKey(friend.mobile))) reasons.push("same-mobile");
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
  if (recent.some((earlier) => earlier.address === friend.address)) reasons.push("address-used-before");

  if (reasons.some((reason) => REFUSING.has(reason))) return { state: "refused", reasons };
  return { state: reasons.length > 0 ? "held" : "pending", reasons };
}
