import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { lockMember } from "../../members/locked-member.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { findEarnAction } from "../programme/earn-actions.ts";
import { programmeInForce } from "../programme/programme.ts";
import { creditEarnAction } from "./credit-earn-action.ts";

export const ApproveEarnActionInput = z.object({
  memberId: identifier(),
  actionId: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(40),
});

const declared = { access: staffHolding("points"), input: ApproveEarnActionInput };

/**
 * approveEarnAction: staff credit a member an earn action that the programme in force says staff
 * approve ("staff" verification), once per member like every action, with the version's points.
 * Any other action, or one already earned, is refused and changes nothing.
 */
export const approveEarnAction = defineOperation(declared, async function approveEarnAction(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { version } = await programmeInForce(tx, at);
    const action = findEarnAction(version.rules, input.actionId);
    if (action?.verification !== "staff" || action.isDisabled) {
      throw new AppError(
        "BAD_USER_INPUT",
        `"${input.actionId.slice(0, 40)}" is not an action staff approve in the programme in force.`,
        {
          actionId: "is not an action staff approve",
        },
      );
    }
    const member = await lockMember(tx, input.memberId);
    if (!(await creditEarnAction(tx, ctx.jobs, member, action, at, version.number))) {
      throw new AppError("CONFLICT", `This member has already earned "${action.title}".`);
    }
    await recordAudit(tx, {
      actor,
      action: "member.action-approve",
      target: member.id,
      before: { points: member.points },
      after: { points: member.points + action.points, action: action.title, programmeVersion: version.number },
      at,
    });
    return { title: action.title, credited: action.points, points: member.points + action.points };
  });
});
