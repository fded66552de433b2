import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import type { FileStore } from "../../integrations/storage/file-store.ts";
import { rewardDescription } from "../loyalty/redeems/order-rewards.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { lineDescription } from "./line-description.ts";
import type { OrderView } from "./order-view.ts";

/** The invoice PDF of an order: generated on first request, kept in file storage, and served from there after. */
export async function invoicePdf(
  deps: { db: Database; files: FileStore; brandName: string },
  order: OrderView,
): Promise<Uint8Array> {
  if (order.s3Key) {
    const stored = await deps.files.get(order.s3Key);
    if (stored) return stored;
  }
  const pdf = await renderInvoicePdf({
    brandName: deps.brandName,
    invoiceId: order.invoiceId,
    paidAt: order.paidAt,
    customer: { ...order.customer, email: order.email, mobile: order.mobile },
    lines: [
      ...order.lines.map((line) => ({
        description: lineDescription(line),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      ...order.rewards.map((reward) => ({
        description: rewardDescription(reward),
        quantity: reward.quantity,
        unitPriceCents: 0,
        lineTotalCents: 0,
      })),
    ],
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    totalCents: order.priceCents,
    deliveryWindow: { start: order.deliveryStart, end: order.deliveryEnd },
  });
  const stored = await deps.files.put(`invoices/${order.invoiceId}.pdf`, pdf, "application/pdf");
  await deps.db
    .update(orders)
    .set({ s3Key: stored.key, s3Url: stored.url, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.s3Key)));
  return pdf;
}
