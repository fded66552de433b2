import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";

export type LockedMember = Pick<
  typeof members.$inferSelect,
  | "id"
  | "email"
  | "points"
  | "membershipStatus"
  | "membershipStartAt"
  | "goldStartAt"
  | "tierWindowStartAt"
  | "totalSpentCents"
  | "purchaseCount"
  | "activities"
  | "createdAt"
>;

/**
 * Reads the member and locks the row until the transaction ends: the balance, tier and activities
 * change under this lock, so concurrent changes to one member queue up instead of racing.
 */
export async function lockMember(tx: Tx, memberId: string): Promise<LockedMember> {
  const [member] = await tx
    .select({
      id: members.id,
      email: members.email,
      points: members.points,
      membershipStatus: members.membershipStatus,
      membershipStartAt: members.membershipStartAt,
      goldStartAt: members.goldStartAt,
      tierWindowStartAt: members.tierWindowStartAt,
      totalSpentCents: members.totalSpentCents,
      purchaseCount: members.purchaseCount,
      activities: members.activities,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
  return member;
}
