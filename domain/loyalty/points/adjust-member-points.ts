import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { lockMember } from "../../members/locked-member.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { MAX_ADJUSTMENT_REASON, MAX_POINT_ADJUSTMENT } from "./point-adjustment-limits.ts";
import { programmeVersionAt, recordPointEntry } from "./point-ledger.ts";

export const AdjustMemberPointsInput = z.object({
  memberId: z.string().min(1).max(120),
  direction: z.enum(["credit", "debit"], { error: "must be credit or debit" }),
  points: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_POINT_ADJUSTMENT, { error: `must be at most ${formatNumber(MAX_POINT_ADJUSTMENT)}` }),
  reason: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(MAX_ADJUSTMENT_REASON, { error: `must be at most ${MAX_ADJUSTMENT_REASON} characters` }),
});

const declared = { access: staffHolding("points"), input: AdjustMemberPointsInput };

/**
 * Staff credit ("Bonus Points") or debit ("Refund Adjustment") a member's points with a reason. The
 * member's row stays locked from reading the balance to the audit entry, so two staff debiting at once
 * queue up and the second sees the first's balance: never below zero.
 */
export const adjustMemberPoints = defineOperation(declared, async function adjustMemberPoints(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const credit = input.direction === "credit";
    if (!credit && input.points > member.points) {
      throw new AppError(
        "INSUFFICIENT_POINTS",
        `This member has only ${formatNumber(member.points)} points: a debit cannot take them below zero.`,
      );
    }
    await recordPointEntry(tx, ctx.jobs, {
      memberId: member.id,
      email: member.email,
      kind: credit ? "manual-credit" : "manual-debit",
      transactionType: input.direction,
      points: input.points,
      meta: { reason: input.reason, staffEmail: actor.email },
      at,
      programmeVersion: await programmeVersionAt(tx, at),
    });
    const after = credit ? member.points + input.points : member.points - input.points;
    await recordAudit(tx, {
      actor,
      action: credit ? "member.points-credit" : "member.points-debit",
      target: member.id,
      before: { points: member.points },
      after: { points: after, reason: input.reason },
      at,
    });
    return { points: after };
  });
});
