import { GOLD_LENGTH_MONTHS, GOLD_THRESHOLD_CENTS } from "../loyalty/programme.ts";

/**
 * Calendar months later, in UTC. A day the target month lacks rolls over (29 Feb + 12 months is
 * 1 Mar), so a gold year never ends early.
 */
export function addMonths(at: Date, months: number): Date {
  const moved = new Date(at.getTime());
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/** When a gold year that started at goldStartAt ends (and is judged). */
export function goldYearEnd(goldStartAt: Date): Date {
  return addMonths(goldStartAt, GOLD_LENGTH_MONTHS);
}

export type GoldProgress = {
  /** promotion: a green member on the way to gold; renewal: a gold member on the way to another gold year. */
  goal: "promotion" | "renewal";
  /** The qualifying spend so far in the window that counts for the goal. */
  spentCents: number;
  thresholdCents: number;
  remainingCents: number;
  /** Whole percent, 0-100. */
  percent: number;
  /** renewal only: when the gold year ends and the spend in it is judged. */
  renewBy: Date | null;
};

/**
 * How far a member has come: a green member towards gold (spend since membership start, the last
 * reset or the last return to green), a gold member towards keeping gold (spend in the current gold
 * year). `windowSpentCents` is that qualifying spend, net of refunds (domain/loyalty/tiers.ts).
 */
export function progressToGold(member: {
  membershipStatus: "green" | "gold";
  goldStartAt: Date | null;
  windowSpentCents: number;
}): GoldProgress {
  const spentCents = Math.max(0, member.windowSpentCents);
  const renewal = member.membershipStatus === "gold" && member.goldStartAt !== null;
  return {
    goal: renewal ? "renewal" : "promotion",
    spentCents,
    thresholdCents: GOLD_THRESHOLD_CENTS,
    remainingCents: Math.max(0, GOLD_THRESHOLD_CENTS - spentCents),
    percent: Math.min(100, Math.floor((spentCents * 100) / GOLD_THRESHOLD_CENTS)),
    renewBy: renewal && member.goldStartAt ? goldYearEnd(member.goldStartAt) : null,
  };
}
