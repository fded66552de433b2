import type { MemberView } from "./member-view.ts";

/** Spending (since membership start or the last reset) that makes a member gold: S$300. */
export const GOLD_THRESHOLD_CENTS = 30_000;

export type GoldProgress = {
  spentCents: number;
  thresholdCents: number;
  remainingCents: number;
  /** Whole percent, 0-100. */
  percent: number;
};

/**
 * How far a green member's total spent (since membership start or the last reset) has come towards
 * gold. A gold member has already reached gold: the result reads 100% with nothing remaining, while
 * spentCents still reports their total spent. (Keeping gold for another year depends on spending in
 * the current gold year, which the loyalty rules judge when the year ends; this does not measure it.)
 */
export function progressToGold(member: Pick<MemberView, "membershipStatus" | "totalSpentCents">): GoldProgress {
  const spentCents = Math.max(0, member.totalSpentCents);
  if (member.membershipStatus === "gold") {
    return { spentCents, thresholdCents: GOLD_THRESHOLD_CENTS, remainingCents: 0, percent: 100 };
  }
  return {
    spentCents,
    thresholdCents: GOLD_THRESHOLD_CENTS,
    remainingCents: Math.max(0, GOLD_THRESHOLD_CENTS - spentCents),
    percent: Math.min(100, Math.floor((spentCents * 100) / GOLD_THRESHOLD_CENTS)),
  };
}
