import { eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import type { MemberView } from "../members/member-view.ts";
import { recordPointEntry } from "../members/point-ledger.ts";
import { requireDebug, requireOwnMember } from "../shared/access.ts";
import { AppError } from "../shared/app-error.ts";
import { identifier } from "../shared/input.ts";
import { parseJsonField } from "../shared/json-field.ts";
import { defineOperation } from "../shared/operation.ts";
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

export const earnEntryKey = (memberId: string, activity: string) => `earn:${memberId}:${activity}`;

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
  if (action.isHidden) throw new AppError("BAD_USER_INPUT", `"${action.title}" is not available.`);
  if (action.isDisabled) throw new AppError("BAD_USER_INPUT", `"${action.title}" is coming soon and cannot be completed yet.`);
  return action;
}

/** The member's completed actions as stored (a JSON array of ids; anything else reads as none). */
function storedActivities(value: unknown): string[] {
  const parsed = parseJsonField<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}

/**
 * createEarnPointTransaction: the member completes an earn action. Its points are credited once per
 * member (idempotency key `earn:{memberId}:{action}`) and the action joins members.activities in the
 * same transaction; completing it again changes nothing and returns the member as is. In debug mode
 * `{"activityType":"bonus"}` credits Dummy Bonus Points instead (debug-points.ts).
 */
export const createEarnPointTransaction = defineOperation(EarnInput, async (ctx, input): Promise<EarnResult> => {
  await requireOwnMember(ctx, input.memberId);
  if (input.meta.activityType === "bonus") {
    requireDebug(ctx);
    return creditDebugPoints(ctx, { memberId: input.memberId, kind: "bonus", meta: input.meta });
  }
  const action = completableAction(input.meta.activityType);
  const credited = await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const at = ctx.now();
    const recorded = await recordPointEntry(tx, {
      memberId: member.id,
      email: member.email,
      kind: action.id,
      transactionType: "credit",
      points: action.points,
      meta: { activityType: action.id },
      idempotencyKey: earnEntryKey(member.id, action.id),
      at,
    });
    if (!recorded) return false;
    const activities = storedActivities(member.activities);
    if (!activities.includes(action.id)) {
      await tx
        .update(members)
        .set({ activities: [...activities, action.id], updatedAt: at })
        .where(eq(members.id, member.id));
    }
    return true;
  });
  return { member: await memberViewAfter(ctx, input.memberId), credited };
});
