import { eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { singaporeDayStart } from "../../../kernel/singapore-time.ts";
import { lockMember } from "../../members/locked-member.ts";
import { memberViewAfter } from "../../members/member-after.ts";
import type { MemberView } from "../../members/member-view.ts";
import { debugTool, ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { programmeInForce } from "../programme/programme.ts";
import { GOLD_START_DATE_MESSAGE } from "./gold-start-date.ts";
import { settleGoldYears } from "./tiers.ts";

export const SetGoldStartDateInput = z.object({ memberId: identifier(), goldStartDate: z.string() });

/**
 * setGoldStartDate (debug mode, own member): the member is gold from the start of that Singapore day
 * (YYYY-MM-DD). Points and spend stay as they are; a gold year that has already ended by now is judged
 * at once, as the maintenance job would (renewed by its spend, or back to green).
 */
export const setGoldStartDate = defineOperation(
  { access: debugTool(ownMember), input: SetGoldStartDateInput },
  async function setGoldStartDate(ctx, { memberId, goldStartDate }): Promise<MemberView> {
    const goldStartAt = singaporeDayStart(goldStartDate);
    if (!goldStartAt) throw new AppError("BAD_USER_INPUT", GOLD_START_DATE_MESSAGE);
    await ctx.db.transaction(async (tx) => {
      const member = await lockMember(tx, memberId);
      const at = ctx.now();
      await tx.update(members).set({ membershipStatus: "gold", goldStartAt, updatedAt: at }).where(eq(members.id, memberId));
      const { schedule } = await programmeInForce(tx, at);
      await settleGoldYears(tx, ctx.jobs, { ...member, membershipStatus: "gold", goldStartAt }, at, schedule);
    });
    return memberViewAfter(ctx, memberId);
  },
);
