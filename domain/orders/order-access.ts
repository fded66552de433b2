import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderAccessGrants, orders } from "../../db/schema/orders.ts";
import { normalizeSingaporeMobile } from "../checkout/shipping-details.ts";
import { AppError } from "../shared/app-error.ts";
import { isValidOrderCode, normalizeInvoiceId } from "./order-code.ts";
import { byInvoiceId, loadOrder, type OrderView } from "./order-view.ts";

const NOT_FOUND = "We couldn't find an order with that invoice number and mobile number.";

/**
 * A guest proves an order is theirs with its invoice id and the mobile number on it. Either one
 * wrong gives the same answer, so the reply never tells which was right. Success lets this browser
 * (holderId) open the order's pages.
 */
export async function claimGuestOrderAccess(
  db: Database,
  input: { holderId: string; invoiceId: unknown; mobile: unknown },
): Promise<string> {
  const invoiceId = typeof input.invoiceId === "string" ? normalizeInvoiceId(input.invoiceId) : "";
  const mobile = typeof input.mobile === "string" ? normalizeSingaporeMobile(input.mobile) : null;
  if (!isValidOrderCode(invoiceId) || !mobile) throw new AppError("NOT_FOUND", NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.invoiceId, invoiceId), eq(orders.mobile, mobile)));
  if (!order) throw new AppError("NOT_FOUND", NOT_FOUND);
  await grantOrderAccess(db, input.holderId, order.id);
  return invoiceId;
}

export async function grantOrderAccess(db: Database, holderId: string, orderId: string): Promise<void> {
  await db.insert(orderAccessGrants).values({ holderId, orderId }).onConflictDoNothing();
}

/** Who asks to see an order: this browser (its bag token's hash) and the signed-in member, when there is one. */
export type OrderViewer = { holderId: string | null; memberId: string | null };

/**
 * The order behind an invoice id, only for a browser it was granted to or the member it is linked to;
 * everyone else gets NOT_FOUND, never a hint.
 */
export async function viewOrder(db: Database, input: OrderViewer & { invoiceId: string }): Promise<OrderView> {
  const invoiceId = normalizeInvoiceId(input.invoiceId);
  const asked = (input.holderId || input.memberId) && isValidOrderCode(invoiceId);
  const order = asked ? await loadOrder(db, byInvoiceId(invoiceId)) : null;
  if (!order || !(await mayView(db, input, order.id))) throw new AppError("NOT_FOUND", "Order not found.");
  return order;
}

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
