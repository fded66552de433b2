import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import type { orders } from "../../../db/schema/orders.ts";
import { redeems } from "../../../db/schema/rewards.ts";
import { lockMember } from "../../members/locked-member.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { programmeVersionAt, recordPointEntry } from "../points/point-ledger.ts";
import { returnKeyOf } from "./redeems/redeem-ledger.ts";

export type RedeemReturns = { redeemsReturned: number; pointsReturned: number };

/**
 * A refunded order's rewards: every redeem that went out with it is Cancelled and its points come back
 * as a `refund` credit. The credit takes the redeem's one return key (`redeem:{id}:return`, shared with
 * removal and expiry), so a redeem's points can come back only once whichever way it ends. Locks the
 * member before the redeem, as every redeem change does.
 */
export async function returnOrderRedeems(
  tx: Tx,
  jobs: JobQueue,
  order: Pick<typeof orders.$inferSelect, "id" | "invoiceId">,
  at: Date,
): Promise<RedeemReturns> {
  const result: RedeemReturns = { redeemsReturned: 0, pointsReturned: 0 };
  const onOrder = await tx
    .select({ id: redeems.id, memberId: redeems.memberId })
    .from(redeems)
    .where(and(eq(redeems.orderId, order.id), eq(redeems.status, "Ordered")))
    .orderBy(asc(redeems.createdAt), asc(redeems.id));
  for (const { id, memberId } of onOrder) {
    const member = await lockMember(tx, memberId);
    const [redeem] = await tx.select().from(redeems).where(eq(redeems.id, id)).for("update");
    if (redeem?.status !== "Ordered" || redeem.orderId !== order.id) continue;
    const points = redeem.pointsEach * redeem.quantity;
    const returned = await recordPointEntry(tx, jobs, {
      memberId: member.id,
      email: member.email,
      kind: "refund",
      transactionType: "credit",
      points,
      meta: {
        orderId: order.id,
        invoiceId: order.invoiceId,
        redeemId: redeem.id,
        optionId: redeem.optionId,
        quantity: redeem.quantity,
      },
      idempotencyKey: returnKeyOf(redeem.id),
      at,
      programmeVersion: await programmeVersionAt(tx, at),
    });
    await tx.update(redeems).set({ status: "Cancelled", updatedAt: at }).where(eq(redeems.id, redeem.id));
    result.redeemsReturned += 1;
    if (returned) result.pointsReturned += points;
  }
  return result;
}
