import { and, eq, inArray } from "drizzle-orm";
import { members, pointTransactions } from "../../db/schema/members.ts";
import { byMemberId, loadMemberView } from "../members/load-member.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import type { MemberView } from "../members/member-view.ts";
import type { PointKind } from "../members/point-kinds.ts";
import { AppError } from "../shared/app-error.ts";
import { parseJsonField } from "../shared/json-field.ts";
import { COMPLETABLE_ACTION_IDS } from "./earn-actions.ts";
import { lockMember } from "./locked-member.ts";

/**
 * The groups of the four deleteAll… debug operations. "earned" is the earn actions a member completes
 * (sign-up stays: it belongs to the membership, like the member row itself).
 */
export const DELETABLE_GROUPS = {
  earned: COMPLETABLE_ACTION_IDS as readonly PointKind[],
  refund: ["refund"],
  bonus: ["bonus"],
  "dummy-order": ["dummy-order"],
} as const satisfies Record<string, readonly PointKind[]>;

export type DeletableGroup = keyof typeof DELETABLE_GROUPS;

/**
 * Debug tool (the callers check debug mode and ownership): deletes the member's entries of one group
 * and moves the balance by their sum in the same transaction, so the ledger still adds up; the earn
 * actions deleted leave members.activities too, so they can be completed again. When the balance
 * would go below zero (the points were already spent), nothing is deleted: INSUFFICIENT_POINTS.
 */
export async function deletePointGroup(deps: MemberDeps, memberId: string, group: DeletableGroup): Promise<MemberView> {
  const kinds = DELETABLE_GROUPS[group];
  await deps.db.transaction(async (tx) => {
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
      .set({ points, ...(activities ? { activities } : {}), updatedAt: nowOf(deps) })
      .where(eq(members.id, memberId));
  });
  const view = await loadMemberView(deps, byMemberId(memberId));
  if (!view) throw new AppError("NOT_FOUND", "This member does not exist.");
  return view;
}
