import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { AppError } from "../../kernel/app-error.ts";
import { parseJsonField } from "../../kernel/json-field.ts";
import { DELETABLE_GROUPS, type DeletableGroup } from "../loyalty/points/point-groups.ts";
import { lockMember } from "../members/locked-member.ts";
import { memberViewAfter } from "../members/member-after.ts";
import type { MemberView } from "../members/member-view.ts";
import { debugTool, ownMember } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { identifier } from "../shared/input.ts";

/** Who may call a deleteAll{Group}PointTransactions debug operation: the viewer, on their own member, in debug mode. */
export const deletePointsDeclared = { access: debugTool(ownMember), input: z.object({ memberId: identifier() }) };

/**
 * The body of a deleteAll{Group}PointTransactions debug operation: deletes the member's entries of
 * one group and moves the balance by their sum in the same transaction, so the ledger still adds up;
 * the earn actions deleted leave members.activities too, so they can be completed again. When the
 * balance would go below zero (the points were already spent), nothing is deleted:
 * INSUFFICIENT_POINTS.
 */
export async function deleteGroupOfMember(ctx: OperationContext, memberId: string, group: DeletableGroup): Promise<MemberView> {
  await deletePointGroup(ctx, memberId, group);
  return memberViewAfter(ctx, memberId);
}

async function deletePointGroup(ctx: OperationContext, memberId: string, group: DeletableGroup): Promise<void> {
  const kinds = DELETABLE_GROUPS[group];
  await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const deleted = await tx
      .delete(pointTransactions)
      .where(and(eq(pointTransactions.memberId, memberId), inArray(pointTransactions.activityType, kinds)))
      .returning({ transactionType: pointTransactions.transactionType, points: pointTransactions.points });
    const net = deleted.reduce((sum, entry) => sum + (entry.transactionType === "credit" ? entry.points : -entry.points), 0);
    const points = member.points - net;
    if (points < 0) {
      throw new AppError(
        "INSUFFICIENT_POINTS",
        `Deleting these entries would take ${net} points, but the balance is ${member.points}: some were already spent.`,
      );
    }
    const stored = parseJsonField<unknown>(member.activities, []);
    const activities = Array.isArray(stored)
      ? stored.filter((id): id is string => typeof id === "string" && !(kinds as readonly string[]).includes(id))
      : null;
    await tx
      .update(members)
      .set({ points, ...(activities ? { activities } : {}), updatedAt: ctx.now() })
      .where(eq(members.id, memberId));
  });
}
