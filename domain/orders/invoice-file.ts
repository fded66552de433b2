import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import type { FileStore } from "../../integrations/storage/file-store.ts";
import { orderPaymentLabel } from "../../kernel/payment-methods.ts";
import type { Supplier } from "../shared/context.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { orderMoney } from "./order-money.ts";
import type { OrderView } from "./order-view.ts";

/**
 * The invoice PDF of an order: generated on first request, kept in file storage, and served from
 * there after, so an issued invoice never changes.
 */
export async function invoicePdf(
  deps: { db: Database; files: FileStore; brandName: string; supplier: Supplier },
  order: OrderView,
): Promise<Uint8Array> {
  if (order.s3Key) {
    const stored = await deps.files.get(order.s3Key);
    if (stored) return stored;
  }
  const pdf = await renderInvoicePdf({
    brandName: deps.brandName,
    supplier: deps.supplier,
    invoiceId: order.invoiceId,
    issuedAt: order.paidAt,
    paidBy: orderPaymentLabel(order),
    customer: { ...order.customer, email: order.email, mobile: order.mobile },
    money: orderMoney(order),
    deliveryWindow: { start: order.deliveryStart, end: order.deliveryEnd, optionName: order.deliveryOptionName },
  });
  const stored = await deps.files.put(`invoices/${order.invoiceId}.pdf`, pdf, "application/pdf");
  await deps.db
    .update(orders)
    .set({ s3Key: stored.key, s3Url: stored.url, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.s3Key)));
  return pdf;
}
