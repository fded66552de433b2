import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { loadMemberById } from "../../members/load-member.ts";
import { ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { programmeAt, programmeSchedule } from "../programme/programme.ts";
import { type GoldProgress, goldYearEnd, progressToGold, promotionWindowStart, qualifyingSpendCents } from "./tiers.ts";

export const GoldProgressInput = z.object({ memberId: identifier() });

const declared = { access: ownMember, input: GoldProgressInput };

/** The viewer's own progress: green towards gold, gold towards another gold year. */
export const getGoldProgress = defineOperation(
  declared,
  async function getGoldProgress(ctx, { memberId }): Promise<GoldProgress> {
    // The member page has read this member already: the same read serves both.
    const member = await loadMemberById(ctx, memberId);
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const schedule = await programmeSchedule(ctx);
    const now = ctx.now();
    const window =
      member.membershipStatus === "gold" && member.goldStartAt
        ? { after: member.goldStartAt, through: goldYearEnd(member.goldStartAt, schedule) }
        : { after: promotionWindowStart(member, programmeAt(schedule, now).rules, now), through: null };
    const windowSpentCents = await qualifyingSpendCents(ctx.db, memberId, window);
    return progressToGold({ ...member, windowSpentCents }, schedule, now);
  },
);
