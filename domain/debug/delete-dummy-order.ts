import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { dummyOrders } from "../../db/schema/debug.ts";
import { members } from "../../db/schema/members.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { AppError } from "../../kernel/app-error.ts";
import { programmeVersionAt, recordPointEntry } from "../loyalty/points/point-ledger.ts";
import type { MemberSummary } from "../members/load-member.ts";
import { lockMember } from "../members/locked-member.ts";
import { memberSummaryAfter } from "../members/member-after.ts";
import { debugTool, ownMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { dummyOrderCreditKey } from "./create-dummy-order.ts";

export const DeleteDummyOrderInput = z.object({ memberId: identifier(), orderId: identifier() });

const declared = { access: debugTool(ownMember), input: DeleteDummyOrderInput };

/**
 * deleteDummyOrder (debug tool, on the viewer's own member): removes one of the member's dummy
 * orders and the purchase it counted. The points its credit brought are taken back by a compensating
 * `dummy-order` debit (entries are not deleted), at most the balance, so points never go below zero
 * when some were spent meanwhile.
 */
export const deleteDummyOrder = defineOperation(declared, async function deleteDummyOrder(ctx, input): Promise<MemberSummary> {
  const { memberId, orderId: dummyOrderId } = input;
  await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const [removed] = await tx
      .delete(dummyOrders)
      .where(and(eq(dummyOrders.id, dummyOrderId), eq(dummyOrders.memberId, memberId)))
      .returning({ invoiceId: dummyOrders.invoiceId });
    if (!removed) throw new AppError("NOT_FOUND", "You have no dummy order with that id.");
    const at = ctx.now();
    // The credit may be gone already (debug mode can delete dummy-order entries), then nothing is owed.
    const [credit] = await tx
      .select({ points: pointTransactions.points })
      .from(pointTransactions)
      .where(
        and(eq(pointTransactions.idempotencyKey, dummyOrderCreditKey(dummyOrderId)), eq(pointTransactions.memberId, memberId)),
      );
    const owed = Math.min(credit?.points ?? 0, member.points);
    if (owed > 0) {
      await recordPointEntry(tx, ctx.jobs, {
        memberId,
        email: member.email,
        kind: "dummy-order",
        transactionType: "debit",
        points: owed,
        meta: { dummyOrderId, invoiceId: removed.invoiceId, reason: "dummy order deleted" },
        idempotencyKey: `dummy-order-deleted:${dummyOrderId}`,
        at,
        programmeVersion: await programmeVersionAt(tx, at),
      });
    }
    await tx
      .update(members)
      .set({ purchaseCount: sql`greatest(${members.purchaseCount} - 1, 0)`, updatedAt: at })
      .where(eq(members.id, memberId));
  });
  return memberSummaryAfter(ctx, memberId);
});
