import { z } from "zod";
import { currentProgramme } from "../loyalty/programme/programme.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { normalizeReferralCode, referrerOf } from "./referral-code.ts";
import { referralOfferFor } from "./referral-offer.ts";

export const FollowReferralLinkInput = z.object({
  code: z.string().max(40),
  /** The device cookie the browser already holds: the referrer's own browser, signed out, is no friend. */
  deviceId: z.string().max(64).nullish(),
});

const declared = { access: anyone, input: FollowReferralLinkInput };

/** The code to remember, and the discount to greet the shopper with when it is theirs (not the referrer's own). */
export type FollowedReferralLink = { code: string; friendDiscountPercent: number | null };

/**
 * followReferralLink: the code a member's link carries, as the browser should remember it, when
 * referrals are on and the code is a member's; null otherwise (the visitor simply reaches the shop).
 * The percent is there only when this shopper would get the friend's discount now (referral-offer.ts).
 */
export const followReferralLink = defineOperation(
  declared,
  async function followReferralLink(ctx, input): Promise<FollowedReferralLink | null> {
    const code = normalizeReferralCode(input.code);
    if (!code) return null;
    const { rules } = await currentProgramme(ctx);
    if (!rules.referrals.enabled || !(await referrerOf(ctx.db, code))) return null;
    const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
    const { offer } = await referralOfferFor(ctx, { code, memberId, deviceId: input.deviceId ?? null });
    return { code, friendDiscountPercent: offer?.percent ?? null };
  },
);
