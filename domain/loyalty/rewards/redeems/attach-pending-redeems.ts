import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { members } from "../../../../db/schema/members.ts";
import { redeems } from "../../../../db/schema/rewards.ts";
import { orderedAsNow } from "./ordered-as.ts";

/**
 * Placing a member's order, inside its transaction: their Pending redeems go out with the new order
 * (status Ordered, its id). The order is placed once per idempotency key, so a replayed payment
 * attaches nothing twice. A member deleted meanwhile has no rewards. Returns how many redeems were attached.
 */
export async function attachPendingRedeems(tx: Tx, input: { memberId: string; orderId: string; at: Date }): Promise<number> {
  // The member row first, then the redeems: the order every redeem change and the expiry job lock in.
  const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, input.memberId)).for("update");
  if (!member) return 0;
  const attached = await tx
    .update(redeems)
    .set({ status: "Ordered", orderId: input.orderId, orderedAs: orderedAsNow, updatedAt: input.at })
    .where(and(eq(redeems.memberId, member.id), eq(redeems.status, "Pending")))
    .returning({ id: redeems.id });
  return attached.length;
}
