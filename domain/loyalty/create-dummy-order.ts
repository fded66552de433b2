import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { dummyOrders, members } from "../../db/schema/members.ts";
import { byMemberId, loadMemberSummary, type MemberSummary } from "../members/load-member.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import { recordPointEntry } from "../members/point-ledger.ts";
import { AppError } from "../shared/app-error.ts";
import { parseDummyOrderMeta } from "./dummy-order-input.ts";
import { orderPoints } from "./order-points.ts";

/** The ledger key of a dummy order's credit; its deletion's compensating debit is keyed apart. */
export const dummyOrderCreditKey = (dummyOrderId: string) => `dummy-order:${dummyOrderId}`;

/**
 * Debug tool: a test order for the member (SPEC.md §5 meta). It counts as a purchase and is written
 * with one `dummy-order` credit: a 'new' one earns what a real order of that price would (goods only,
 * the member's tier), an 'old' one 0 points, like an old order linked later. It never counts towards
 * total spent, so it cannot change the member's tier.
 */
export async function createDummyOrder(deps: MemberDeps, memberId: string, rawMeta: unknown): Promise<MemberSummary> {
  await deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ email: members.email, createdAt: members.createdAt, membershipStatus: members.membershipStatus })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const input = parseDummyOrderMeta(rawMeta, member);
    const id = randomUUID();
    const at = nowOf(deps);
    await tx.insert(dummyOrders).values({
      id,
      memberId,
      invoiceId: input.invoiceId,
      mobile: input.mobile,
      email: input.email,
      priceCents: input.priceCents,
      orderedAt: input.orderedAt,
      createdAt: at,
    });
    await recordPointEntry(tx, {
      memberId,
      email: member.email,
      kind: "dummy-order",
      transactionType: "credit",
      points: input.when === "new" ? orderPoints(input.priceCents, member.membershipStatus) : 0,
      spentCents: input.priceCents,
      meta: { dummyOrderId: id, invoiceId: input.invoiceId, when: input.when, orderedAt: input.orderedAt.toISOString() },
      idempotencyKey: dummyOrderCreditKey(id),
      at,
    });
    await tx
      .update(members)
      .set({ purchaseCount: sql`${members.purchaseCount} + 1`, updatedAt: at })
      .where(eq(members.id, memberId));
  });
  const member = await loadMemberSummary(deps, byMemberId(memberId));
  if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
  return member;
}
