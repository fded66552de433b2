import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { viewerMember } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";

export const ListOwnOrdersInput = z.object({});

export type OwnOrder = Pick<typeof orders.$inferSelect, "invoiceId" | "paidAt" | "status" | "priceCents" | "refundedCents">;

const declared = { access: viewerMember, input: ListOwnOrdersInput };

/**
 * listOwnOrders: the signed-in member's orders, newest first: those linked to them (bought signed in,
 * or claimed with the mobile number). An order merely placed with their email is not listed, since
 * anyone can type any email at checkout.
 */
export const listOwnOrders = defineOperation(declared, async function listOwnOrders(ctx, _input, memberId): Promise<OwnOrder[]> {
  return ctx.db
    .select({
      invoiceId: orders.invoiceId,
      paidAt: orders.paidAt,
      status: orders.status,
      priceCents: orders.priceCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(eq(orders.memberId, memberId))
    .orderBy(desc(orders.paidAt), desc(orders.id));
});
