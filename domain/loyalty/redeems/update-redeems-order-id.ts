import { and, eq, inArray, or } from "drizzle-orm";
import { redeems } from "../../../db/schema/members.ts";
import { orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../shared/app-error.ts";
import { lockMember } from "../locked-member.ts";
import { type RedeemDeps, redeemNow } from "./redeem-deps.ts";
import { type RedeemRow, redeemNotFound, requirePending } from "./redeem-ledger.ts";

export type AttachRedeemsInput = { memberId: string; redeemIds: readonly string[]; orderId: string };

/** At most this many redeems in one call (a bag holds one per option). */
const MAX_REDEEMS_PER_CALL = 100;

/**
 * Sends Pending redeems out with one of the member's own paid orders (named by its id, its orderId or
 * its invoice id): each becomes Ordered with that order's id. All or nothing: a redeem that is not the
 * member's is NOT_FOUND; one that left the bag, or went out with another order, is a CONFLICT. Calling
 * it again for redeems already on that order changes nothing.
 */
export async function updateRedeemsOrderId(deps: RedeemDeps, input: AttachRedeemsInput): Promise<RedeemRow[]> {
  const redeemIds = [...new Set(input.redeemIds)];
  if (redeemIds.length === 0) throw new AppError("BAD_USER_INPUT", "Name at least one redeem to attach.");
  if (redeemIds.length > MAX_REDEEMS_PER_CALL) {
    throw new AppError("BAD_USER_INPUT", `At most ${MAX_REDEEMS_PER_CALL} redeems can be attached at once.`);
  }
  const orderRef = input.orderId.trim();
  return deps.db.transaction(async (tx) => {
    await lockMember(tx, input.memberId);
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.memberId, input.memberId),
          or(eq(orders.id, orderRef), eq(orders.orderId, orderRef), eq(orders.invoiceId, orderRef.toUpperCase())),
        ),
      );
    if (!order) throw new AppError("NOT_FOUND", "Order not found.");
    if (order.status !== "paid") {
      throw new AppError("CONFLICT", `Rewards can only join a paid order that has not shipped; this one is ${order.status}.`);
    }
    const rows = await tx
      .select()
      .from(redeems)
      .where(and(eq(redeems.memberId, input.memberId), inArray(redeems.id, redeemIds)))
      .for("update");
    if (rows.length !== redeemIds.length) throw redeemNotFound();
    const toAttach = rows.filter((row) => !(row.status === "Ordered" && row.orderId === order.id));
    for (const row of toAttach) requirePending(row);
    if (toAttach.length === 0) return rows;
    const at = redeemNow(deps);
    const attached = await tx
      .update(redeems)
      .set({ status: "Ordered", orderId: order.id, updatedAt: at })
      .where(
        inArray(
          redeems.id,
          toAttach.map((row) => row.id),
        ),
      )
      .returning();
    return [...rows.filter((row) => !toAttach.includes(row)), ...attached];
  });
}
