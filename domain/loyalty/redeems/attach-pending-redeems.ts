import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { bags } from "../../../db/schema/bags.ts";
import { members, redeems } from "../../../db/schema/members.ts";
import { orderedAsNow } from "./ordered-as.ts";

/**
 * Fulfilment's step for rewards, inside its transaction: the Pending redeems of the bag's member go
 * out with the new order (status Ordered, its id). Fulfilment runs this only when it creates the order,
 * so replayed webhooks attach nothing twice. A bag without a member (or whose member has since been
 * deleted) has no rewards. Returns how many redeems were attached.
 */
export async function attachPendingRedeems(tx: Tx, input: { bagId: string; orderId: string; at: Date }): Promise<number> {
  const [bag] = await tx.select({ memberId: bags.memberId }).from(bags).where(eq(bags.id, input.bagId));
  if (!bag?.memberId) return 0;
  // The member row first, then the redeems: the order every redeem change and the expiry job lock in.
  const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, bag.memberId)).for("update");
  if (!member) return 0;
  const attached = await tx
    .update(redeems)
    .set({ status: "Ordered", orderId: input.orderId, orderedAs: orderedAsNow, updatedAt: input.at })
    .where(and(eq(redeems.memberId, member.id), eq(redeems.status, "Pending")))
    .returning({ id: redeems.id });
  return attached.length;
}
