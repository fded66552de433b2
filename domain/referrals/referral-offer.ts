import { currentProgramme } from "../loyalty/programme/programme.ts";
import type { OperationContext } from "../shared/context.ts";
import { judgeReferredOrder } from "./referral-check.ts";
import { referrerOf } from "./referral-code.ts";

/** A referred friend's first-order discount, and whose code gave it. */
export type ReferralOffer = { code: string; referrerMemberId: string; percent: number };

/**
 * What a remembered referral code does for this order: the discount, or the sentence telling the
 * shopper why there is none. Both null when there is nothing to say (no code, not a member's, referrals off).
 */
export type ReferralDecision = { offer: ReferralOffer | null; refusal: string | null };

/** The shopper as known so far: the delivery form's details once it is sent. */
export type ReferredShopper = {
  code: string | null;
  memberId: string | null;
  deviceId: string | null;
  details?: { email: string; mobile: string; address: string; postalCode: string } | null;
};

const NOTHING: ReferralDecision = { offer: null, refusal: null };

/**
 * Names no detail that matched: the shopper learns that the order is not a new customer's, never
 * which of the referrer's details it shares.
 */
function refusalFor(percent: number, ownLink: boolean): string {
  if (ownLink) return "This is your own referral link: its discount is for the friends you share it with.";
  return `A friend's ${percent}% off is for someone ordering from us for the first time. This order matches an existing customer, so the discount is not taken off.`;
}

/**
 * Whether this shopper is a referred friend the version in force gives the first-order discount to
 * (decision 045): referrals are on, the remembered code is a member's, and the order as known so far
 * passes the same checks the referral is recorded with (referral-check.ts) — refused, it gets no
 * discount and the reason in one sentence; held for staff, it keeps the discount.
 */
export async function referralOfferFor(
  ctx: Pick<OperationContext, "db" | "catalog" | "now">,
  shopper: ReferredShopper,
): Promise<ReferralDecision> {
  if (!shopper.code) return NOTHING;
  const { rules } = await currentProgramme(ctx);
  if (!rules.referrals.enabled) return NOTHING;
  const referrer = await referrerOf(ctx.db, shopper.code);
  if (!referrer) return NOTHING;
  const { details } = shopper;
  const judgement = await judgeReferredOrder(
    ctx.db,
    referrer,
    {
      memberId: shopper.memberId,
      deviceId: shopper.deviceId,
      email: details?.email ?? null,
      mobile: details?.mobile ?? null,
      shipping: details ?? null,
      cardFingerprint: null,
      orderId: null,
    },
    rules.referrals,
    ctx.now(),
  );
  const percent = rules.referrals.friendDiscountPercent;
  if (judgement.state === "refused") return { offer: null, refusal: refusalFor(percent, judgement.reasons.includes("own-link")) };
  return { offer: { code: shopper.code, referrerMemberId: referrer.memberId, percent }, refusal: null };
}
