import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderAccessGrants, orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { isValidOrderCode, normalizeInvoiceId } from "../../kernel/order-code.ts";
import { heldBagId } from "../bag/held-bag.ts";
import type { Access } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { byInvoiceId, loadOrder, type OrderView } from "./order-view.ts";

/** Who asks to see an order: this browser (its bag's id) and the signed-in member, when there is one. */
type OrderViewer = { holderId: string | null; memberId: string | null };

const orderViewerOf = (ctx: Pick<OperationContext, "viewer">): OrderViewer => ({
  holderId: heldBagId(ctx),
  memberId: ctx.viewer.kind === "member" ? ctx.viewer.memberId : null,
});

async function mayView(db: Database, viewer: OrderViewer, orderId: string): Promise<boolean> {
  if (viewer.memberId) {
    const [linked] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.memberId, viewer.memberId)));
    if (linked) return true;
  }
  if (!viewer.holderId) return false;
  const [grant] = await db
    .select({ orderId: orderAccessGrants.orderId })
    .from(orderAccessGrants)
    .where(and(eq(orderAccessGrants.holderId, viewer.holderId), eq(orderAccessGrants.orderId, orderId)));
  return !!grant;
}

/**
 * The order behind an invoice id, only for the browser it was granted to (the one that bought it or
 * proved it with the mobile number) or the member it is linked to. Anyone else asking for an order
 * code gets UNAUTHENTICATED, whether or not such an order exists, so the answer never hints at one:
 * they may prove it is theirs with its mobile number. What is no order code at all is NOT_FOUND.
 */
async function visibleOrder(ctx: Pick<OperationContext, "db" | "viewer">, invoiceId: string): Promise<OrderView> {
  const viewer = orderViewerOf(ctx);
  const code = normalizeInvoiceId(invoiceId);
  if (!isValidOrderCode(code)) throw new AppError("NOT_FOUND", "Order not found.");
  const order = viewer.holderId || viewer.memberId ? await loadOrder(ctx.db, byInvoiceId(code)) : null;
  if (!order || !(await mayView(ctx.db, viewer, order.id))) {
    throw new AppError("UNAUTHENTICATED", "Enter the mobile number on the order to see it.");
  }
  return order;
}

/** The order holder: the browser holding the order's access grant, or the member it is linked to; hands the body the order. */
export const orderHolder: Access<OrderView, { invoiceId: string }> = {
  kind: "orderHolder",
  admit: (ctx) => (input) => visibleOrder(ctx, input.invoiceId),
};
