import { eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { byMemberId, loadMemberView } from "../../members/load-member.ts";
import type { MemberView } from "../../members/member-view.ts";
import { debugTool, ownMember } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { programmeVersionAt, recordPointEntry } from "./point-ledger.ts";

export const ResetMembershipInput = z.object({ memberId: identifier() });

const declared = { access: debugTool(ownMember), input: ResetMembershipInput };

/**
 * resetMembership (debug mode, own member): the member starts again as green, with nothing spent, no gold date and a membership that
 * starts now. Points go to 0 through a compensating `manual-debit` entry for the whole balance, so the
 * ledger still sums to the balance (entries are never deleted).
 */
export const resetMembership = defineOperation(declared, async function resetMembership(ctx, { memberId }): Promise<MemberView> {
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ email: members.email, points: members.points })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const at = ctx.now();
    if (member.points > 0) {
      await recordPointEntry(tx, ctx.jobs, {
        memberId,
        email: member.email,
        kind: "manual-debit",
        transactionType: "debit",
        points: member.points,
        meta: { reason: "membership reset" },
        at,
        programmeVersion: await programmeVersionAt(tx, at),
      });
    }
    await tx
      .update(members)
      .set({ membershipStatus: "green", totalSpentCents: 0, membershipStartAt: at, goldStartAt: null, updatedAt: at })
      .where(eq(members.id, memberId));
  });
  const view = await loadMemberView(ctx, byMemberId(memberId));
  if (!view) throw new AppError("NOT_FOUND", "This member does not exist.");
  return view;
});
