import { z } from "zod";
import type { MemberView } from "../members/member-view.ts";
import { ownMember, requireDebug } from "../shared/access.ts";
import { identifier, required } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { creditEarnAction } from "./credit-earn-action.ts";
import { DEBUG_BONUS_POINTS } from "./debug-defaults.ts";
import { creditDebugPoints, debugCreditFields } from "./debug-points.ts";
import { type EarnAction, findEarnAction } from "./earn-actions.ts";
import { lockMember } from "./locked-member.ts";
import { memberViewAfter } from "./member-after.ts";
import { metaOf } from "./meta-input.ts";

const NAME_AN_ACTION = 'meta.activityType must name an earn action, e.g. {"activityType":"follow-ig"}.';

/** Why the member cannot complete this action themselves, with what to do instead; null when they can. */
function refusalOf(action: EarnAction): string | null {
  if (action.id === "sign-up") return "Sign-up points are given once, when the membership is created.";
  if (action.earnedThrough) return action.earnedThrough.explanation;
  if (action.isHidden) return `"${action.title}" is not available.`;
  if (action.isDisabled) return `"${action.title}" is coming soon and cannot be completed yet.`;
  return null;
}

/** The earn action a member may complete, or `bonus`, the debug bonus (debug mode only). */
const activityTypeInput = required(
  z
    .string({ error: NAME_AN_ACTION })
    .refine((value) => value.trim() !== "", { error: NAME_AN_ACTION, abort: true })
    .transform((activityType, ctx): EarnAction | "bonus" => {
      if (activityType === "bonus") return "bonus";
      const action = findEarnAction(activityType);
      if (!action) {
        ctx.addIssue({ code: "custom", message: `There is no earn action "${activityType.slice(0, 50)}".` });
        return z.NEVER;
      }
      const refusal = refusalOf(action);
      if (!refusal) return action;
      ctx.addIssue({ code: "custom", message: refusal });
      return z.NEVER;
    }),
  NAME_AN_ACTION,
);

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
    const { activityType: action, points, requestId } = input.meta;
    if (action === "bonus") {
      requireDebug(ctx);
      return creditDebugPoints(ctx, { memberId: input.memberId, kind: "bonus", points, requestId });
    }
    const credited = await ctx.db.transaction(async (tx) =>
      creditEarnAction(tx, await lockMember(tx, input.memberId), action, ctx.now()),
    );
    return { member: await memberViewAfter(ctx, input.memberId), credited };
  },
);
