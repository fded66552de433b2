import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { lockMember } from "../../members/locked-member.ts";
import { memberViewAfter } from "../../members/member-after.ts";
import type { MemberView } from "../../members/member-view.ts";
import { ownMember, requireDebug } from "../../shared/access.ts";
import { identifier, required } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { type EarnAction, findEarnAction } from "../programme/earn-actions.ts";
import { programmeInForce } from "../programme/programme.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { creditEarnAction } from "./credit-earn-action.ts";
import { DEBUG_BONUS_POINTS } from "./debug-defaults.ts";
import { creditDebugPoints, debugCreditFields } from "./debug-points.ts";
import { metaOf } from "./meta-input.ts";

const NAME_AN_ACTION = 'meta.activityType must name an earn action, e.g. {"activityType":"follow-ig"}.';

/** Why the member cannot complete this action themselves, with what to do instead; null when they can. */
function refusalOf(action: EarnAction): string | null {
  if (action.verification === "membership") return "Sign-up points are given once, when the membership is created.";
  if (action.earnedThrough) return action.earnedThrough.explanation;
  if (action.isHidden) return `"${action.title}" is not available.`;
  if (action.isDisabled) return `"${action.title}" is coming soon and cannot be completed yet.`;
  return null;
}

/** The earn action's id, or `bonus`, the debug bonus (debug mode only); the version in force says which actions exist. */
const activityTypeInput = required(
  z.string({ error: NAME_AN_ACTION }).refine((value) => value.trim() !== "", { error: NAME_AN_ACTION, abort: true }),
  NAME_AN_ACTION,
);

/** The action the version in force names, when the member may complete it; BAD_USER_INPUT naming why not otherwise. */
function completableAction(rules: ProgrammeRules, activityType: string): EarnAction {
  const action = findEarnAction(rules, activityType);
  const refusal = action ? refusalOf(action) : `There is no earn action "${activityType.slice(0, 50)}".`;
  if (action && !refusal) return action;
  const message = refusal ?? "";
  throw new AppError("BAD_USER_INPUT", message, { "meta.activityType": message });
}

/** createEarnPointTransaction's meta: `activityType` names the action; the debug bonus also reads points and requestId. */
export const EarnMeta = z.object({ activityType: activityTypeInput, ...debugCreditFields(DEBUG_BONUS_POINTS) });

export const EarnInput = z.object({
  memberId: identifier(),
  meta: metaOf(EarnMeta),
});

export type EarnResult = { member: MemberView; credited: boolean };

const declared = { access: ownMember, input: EarnInput };

/**
 * createEarnPointTransaction: the member completes an earn action. Its points are credited once per
 * member and the action joins members.activities (credit-earn-action.ts); completing it again
 * changes nothing and returns the member as is. In debug mode
 * `{"activityType":"bonus"}` credits Dummy Bonus Points instead (debug-points.ts).
 */
export const createEarnPointTransaction = defineOperation(
  declared,
  async function createEarnPointTransaction(ctx, input): Promise<EarnResult> {
    const { activityType, points, requestId } = input.meta;
    if (activityType === "bonus") {
      requireDebug(ctx);
      return creditDebugPoints(ctx, { memberId: input.memberId, kind: "bonus", points, requestId });
    }
    const now = ctx.now();
    const credited = await ctx.db.transaction(async (tx) => {
      const { version } = await programmeInForce(tx, now);
      const action = completableAction(version.rules, activityType);
      return creditEarnAction(tx, ctx.jobs, await lockMember(tx, input.memberId), action, now, version.number);
    });
    return { member: await memberViewAfter(ctx, input.memberId), credited };
  },
);
