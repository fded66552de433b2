import { and, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../../../db/schema/orders.ts";
import { redeems } from "../../../../db/schema/rewards.ts";
import { AppError } from "../../../../kernel/app-error.ts";
import type { MemberSummary } from "../../../members/load-member.ts";
import { lockMember } from "../../../members/locked-member.ts";
import { memberSummaryAfter } from "../../../members/member-after.ts";
import { ownMember } from "../../../shared/access.ts";
import type { OperationContext } from "../../../shared/context.ts";
import { identifier } from "../../../shared/input.ts";
import { defineOperation } from "../../../shared/operation.ts";
import { orderedAsNow } from "./ordered-as.ts";
import { type RedeemRow, redeemNotFound, requirePending } from "./redeem-ledger.ts";

/** At most this many redeems in one call (a bag holds one per option). */
const MAX_REDEEMS_PER_CALL = 100;

export const AttachRedeemsInput = z.object({
  memberId: identifier(),
  redeemIds: z
    .array(identifier())
    .min(1, { error: "name at least one redeem to attach" })
    .max(MAX_REDEEMS_PER_CALL, { error: `at most ${MAX_REDEEMS_PER_CALL} redeems can be attached at once` }),
  /** The order's id, its orderId or its invoice id. */
  orderId: identifier(),
});

/**
 * updateRedeemsOrderId: sends Pending redeems of the viewer's own member out with one of the
 * member's own paid orders (named by its id, its orderId or its invoice id): each becomes Ordered
 * with that order's id. All or nothing: a redeem that is not the member's is NOT_FOUND; one that left
 * the bag, or went out with another order, is a CONFLICT. Calling it again for redeems already on
 * that order changes nothing.
 */
export const updateRedeemsOrderId = defineOperation(
  { access: ownMember, input: AttachRedeemsInput },
  async function updateRedeemsOrderId(ctx, input): Promise<{ redeems: RedeemRow[]; member: MemberSummary }> {
    const attached = await attach(ctx, input);
    return { redeems: attached, member: await memberSummaryAfter(ctx, input.memberId) };
  },
);

async function attach(ctx: OperationContext, input: z.output<typeof AttachRedeemsInput>): Promise<RedeemRow[]> {
  const redeemIds = [...new Set(input.redeemIds)];
  const orderRef = input.orderId;
  return ctx.db.transaction(async (tx) => {
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
    const at = ctx.now();
    const attached = await tx
      .update(redeems)
      .set({ status: "Ordered", orderId: order.id, orderedAs: orderedAsNow, updatedAt: at })
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
