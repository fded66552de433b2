import { and, eq, sql } from "drizzle-orm";
import { dummyOrders, members, pointTransactions } from "../../db/schema/members.ts";
import { byMemberId, loadMemberSummary, type MemberSummary } from "../members/load-member.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import { recordPointEntry } from "../members/point-ledger.ts";
import { AppError } from "../shared/app-error.ts";
import { dummyOrderCreditKey } from "./create-dummy-order.ts";
import { lockMember } from "./locked-member.ts";

/**
 * Debug tool: removes one of the member's dummy orders and the purchase it counted. The points its
 * credit brought are taken back by a compensating `dummy-order` debit (entries are not deleted), at
 * most the balance, so points never go below zero when some were spent meanwhile.
 */
export async function deleteDummyOrder(deps: MemberDeps, memberId: string, dummyOrderId: string): Promise<MemberSummary> {
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const [removed] = await tx
      .delete(dummyOrders)
      .where(and(eq(dummyOrders.id, dummyOrderId), eq(dummyOrders.memberId, memberId)))
      .returning({ invoiceId: dummyOrders.invoiceId });
    if (!removed) throw new AppError("NOT_FOUND", "You have no dummy order with that id.");
    const at = nowOf(deps);
    // The credit may be gone already (debug mode can delete dummy-order entries), then nothing is owed.
    const [credit] = await tx
      .select({ points: pointTransactions.points })
      .from(pointTransactions)
      .where(
        and(eq(pointTransactions.idempotencyKey, dummyOrderCreditKey(dummyOrderId)), eq(pointTransactions.memberId, memberId)),
      );
    const owed = Math.min(credit?.points ?? 0, member.points);
    if (owed > 0) {
      await recordPointEntry(tx, {
        memberId,
        email: member.email,
        kind: "dummy-order",
        transactionType: "debit",
        points: owed,
        meta: { dummyOrderId, invoiceId: removed.invoiceId, reason: "dummy order deleted" },
        idempotencyKey: `dummy-order-deleted:${dummyOrderId}`,
        at,
      });
    }
    await tx
      .update(members)
      .set({ purchaseCount: sql`greatest(${members.purchaseCount} - 1, 0)`, updatedAt: at })
      .where(eq(members.id, memberId));
  });
  const member = await loadMemberSummary(deps, byMemberId(memberId));
  if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
  return member;
}
