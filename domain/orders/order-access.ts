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

/** The order behind an invoice id, only for a holder it was granted to; everyone else gets NOT_FOUND, never a hint. */
export async function viewOrder(db: Database, input: { holderId: string | null; invoiceId: string }): Promise<OrderView> {
  const invoiceId = normalizeInvoiceId(input.invoiceId);
  const order = input.holderId && isValidOrderCode(invoiceId) ? await loadOrder(db, byInvoiceId(invoiceId)) : null;
  if (!order || !input.holderId) throw new AppError("NOT_FOUND", "Order not found.");
  const [grant] = await db
    .select({ orderId: orderAccessGrants.orderId })
    .from(orderAccessGrants)
    .where(and(eq(orderAccessGrants.holderId, input.holderId), eq(orderAccessGrants.orderId, order.id)));
  if (!grant) throw new AppError("NOT_FOUND", "Order not found.");
  return order;
}
