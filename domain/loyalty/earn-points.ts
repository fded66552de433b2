import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import type { MemberView } from "../members/member-view.ts";
import { ownMember, requireDebug } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { creditEarnAction } from "./credit-earn-action.ts";
import { creditDebugPoints } from "./debug-points.ts";
import { type EarnAction, findEarnAction } from "./earn-actions.ts";
import { lockMember } from "./locked-member.ts";
import { memberViewAfter } from "./member-after.ts";
import { metaInput } from "./meta-input.ts";

export const EarnInput = z.object({
  memberId: identifier(),
  /** The mutation's meta: `activityType` names the action (`bonus` for the debug bonus). */
  meta: metaInput,
});

export type EarnResult = { member: MemberView; credited: boolean };

/** The action a member may complete, or why not (BAD_USER_INPUT, with what to do instead). */
export function completableAction(activityType: unknown): EarnAction {
  if (typeof activityType !== "string" || activityType.trim() === "") {
    throw new AppError("BAD_USER_INPUT", 'meta.activityType must name an earn action, e.g. {"activityType":"follow-ig"}.');
  }
  const action = findEarnAction(activityType);
  if (!action) throw new AppError("BAD_USER_INPUT", `There is no earn action "${activityType.slice(0, 50)}".`);
  if (action.id === "sign-up") {
    throw new AppError("BAD_USER_INPUT", "Sign-up points are given once, when the membership is created.");
  }
  if (action.earnedThrough) throw new AppError("BAD_USER_INPUT", action.earnedThrough.explanation);
  if (action.isHidden) throw new AppError("BAD_USER_INPUT", `"${action.title}" is not available.`);
  if (action.isDisabled) throw new AppError("BAD_USER_INPUT", `"${action.title}" is coming soon and cannot be completed yet.`);
  return action;
}

const declared = { name: "createEarnPointTransaction", access: ownMember, input: EarnInput };

/**
 * createEarnPointTransaction: the member completes an earn action. Its points are credited once per
 * member and the action joins members.activities (credit-earn-action.ts); completing it again
 * changes nothing and returns the member as is. In debug mode
 * `{"activityType":"bonus"}` credits Dummy Bonus Points instead (debug-points.ts).
 */
export const createEarnPointTransaction = defineOperation(declared, async (ctx, input): Promise<EarnResult> => {
  if (input.meta.activityType === "bonus") {
    requireDebug(ctx);
    return creditDebugPoints(ctx, { memberId: input.memberId, kind: "bonus", meta: input.meta });
  }
  const action = completableAction(input.meta.activityType);
  const credited = await ctx.db.transaction(async (tx) =>
    creditEarnAction(tx, await lockMember(tx, input.memberId), action, ctx.now()),
  );
  return { member: await memberViewAfter(ctx, input.memberId), credited };
});
