import { eq } from "drizzle-orm";
import { bags } from "../../db/schema/bags.ts";
import { members } from "../../db/schema/members.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { AppError } from "../shared/app-error.ts";
import { type MemberDeps, nowOf } from "./member-deps.ts";

/**
 * Debug tool: deletes the member. Identities, sessions, the points ledger, redeems and dummy orders go
 * with it (foreign keys cascade). Real orders and customer records are the shop's and stay, detached,
 * keeping the deleted member's id as originalMemberId.
 */
export async function deleteMember(deps: MemberDeps, memberId: string): Promise<{ email: string }> {
  return deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(members).where(eq(members.id, memberId)).returning({ email: members.email });
    if (!deleted) throw new AppError("NOT_FOUND", "This member does not exist.");
    const at = nowOf(deps);
    await tx
      .update(orders)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
      .where(eq(orders.memberId, memberId));
    await tx
      .update(customers)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
      .where(eq(customers.memberId, memberId));
    await tx.update(bags).set({ memberId: null, updatedAt: at }).where(eq(bags.memberId, memberId));
    return { email: deleted.email };
  });
}
