import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { memberDevices, referrals } from "../../db/schema/referrals.ts";
import type { ReferralState } from "../../kernel/referral-states.ts";
import { builtInAction } from "../loyalty/programme/earn-actions.ts";
import { currentProgramme } from "../loyalty/programme/programme.ts";
import { referralRewardText } from "../loyalty/programme/programme-copy.ts";
import { ownMember } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { ensureReferralCode, referralPath } from "./referral-code.ts";

export const MemberReferralsInput = z.object({
  memberId: identifier(),
  /** The device cookie of the browser asking: a friend's order from it is the member's own. */
  deviceId: z.string().max(64).nullish(),
});

export type MemberReferral = { id: string; friendName: string; state: ReferralState; createdAt: Date; points: number | null };

export type MemberReferrals = {
  enabled: boolean;
  /** The member's code and link path; null while referrals are off. */
  code: string | null;
  path: string | null;
  friendDiscountPercent: number;
  /** When the member's points for a friend come (referralRewardText). */
  rewardText: string;
  referrals: MemberReferral[];
};

/** "Siti Rahmah" → "Siti R.": enough for the member to know the friend, no more. */
const shortName = (name: string) => {
  const [first = "", last] = name.trim().split(/\s+/);
  return last ? `${first} ${last[0]}.` : first;
};

const declared = { access: ownMember, input: MemberReferralsInput };

type ReferralTerms = Omit<MemberReferrals, "referrals">;

/**
 * The programme's referral terms and, while referrals are on, the member's code and link (the code
 * made the first time). The browser's device is remembered as the member's for the fraud checks
 * (decision 045).
 */
async function referralTerms(
  ctx: OperationContext,
  memberId: string,
  deviceId: string | null | undefined,
): Promise<ReferralTerms> {
  const { rules } = await currentProgramme(ctx);
  const enabled = rules.referrals.enabled;
  const code = enabled ? await ensureReferralCode(ctx.db, memberId) : null;
  if (enabled && deviceId) {
    await ctx.db.insert(memberDevices).values({ memberId, deviceId, seenAt: ctx.now() }).onConflictDoNothing();
  }
  return {
    enabled,
    code,
    path: code ? referralPath(code) : null,
    friendDiscountPercent: rules.referrals.friendDiscountPercent,
    rewardText: referralRewardText(builtInAction(rules, "referral").points, rules.referrals.refundWindowDays),
  };
}

/**
 * getMemberReferrals: the member's own referral link (null while referrals are off), what a friend
 * gets and what the member earns, and each friend's referral and its state.
 */
export const getMemberReferrals = defineOperation(
  declared,
  async function getMemberReferrals(ctx, { memberId, deviceId }): Promise<MemberReferrals> {
    const terms = await referralTerms(ctx, memberId, deviceId);
    const rows = await ctx.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerMemberId, memberId))
      .orderBy(desc(referrals.createdAt))
      .limit(100);
    return {
      ...terms,
      referrals: rows.map((row) => ({
        id: row.id,
        friendName: shortName(row.friendName),
        state: row.state,
        createdAt: row.createdAt,
        points: row.points,
      })),
    };
  },
);

export type ReferralCard = { path: string; friendDiscountPercent: number; rewardText: string; friendsReferred: number };

/**
 * getReferralCard: what the member's home shows of referrals, the link and how many friends it
 * brought; null while referrals are off, found without asking the database.
 */
export const getReferralCard = defineOperation(
  declared,
  async function getReferralCard(ctx, { memberId, deviceId }): Promise<ReferralCard | null> {
    const { path, friendDiscountPercent, rewardText } = await referralTerms(ctx, memberId, deviceId);
    if (!path) return null;
    const [counted] = await ctx.db
      .select({ friendsReferred: count() })
      .from(referrals)
      .where(eq(referrals.referrerMemberId, memberId));
    return { path, friendDiscountPercent, rewardText, friendsReferred: counted?.friendsReferred ?? 0 };
  },
);
