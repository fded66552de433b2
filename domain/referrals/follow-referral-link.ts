import { z } from "zod";
import { currentProgramme } from "../loyalty/programme.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { normalizeReferralCode, referrerOf } from "./referral-code.ts";

export const FollowReferralLinkInput = z.object({ code: z.string().max(40) });

const declared = { access: anyone, input: FollowReferralLinkInput };

/**
 * followReferralLink: the code a member's link carries, as the browser should remember it, when
 * referrals are on and the code is a member's; null otherwise (the visitor simply reaches the shop).
 */
export const followReferralLink = defineOperation(declared, async function followReferralLink(ctx, input): Promise<
  string | null
> {
  const code = normalizeReferralCode(input.code);
  if (!code) return null;
  const { rules } = await currentProgramme(ctx);
  if (!rules.referrals.enabled) return null;
  return (await referrerOf(ctx.db, code)) ? code : null;
});
