import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { parseJsonField } from "../../../kernel/json-field.ts";
import type { LockedMember } from "../../members/locked-member.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import type { EarnAction } from "../programme/earn-actions.ts";
import { recordPointEntry } from "./point-ledger.ts";

export const earnEntryKey = (memberId: string, activity: string) => `earn:${memberId}:${activity}`;

/** The member's completed actions as stored (a JSON array of ids; anything else reads as none). */
function storedActivities(value: unknown): string[] {
  const parsed = parseJsonField<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}

/**
 * Credits an earn action's points, as the programme version `programmeVersion` sets them, once per
 * member (idempotency key `earn:{memberId}:{action}`) and adds the action to members.activities, under
 * the member's lock. False when it was credited before.
 */
export async function creditEarnAction(
  tx: Tx,
  jobs: JobQueue,
  member: LockedMember,
  action: EarnAction,
  at: Date,
  programmeVersion: number,
): Promise<boolean> {
  const recorded = await recordPointEntry(tx, jobs, {
    memberId: member.id,
    email: member.email,
    kind: action.id,
    transactionType: "credit",
    points: action.points,
    meta: { activityType: action.id },
    idempotencyKey: earnEntryKey(member.id, action.id),
    programmeVersion,
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
}
