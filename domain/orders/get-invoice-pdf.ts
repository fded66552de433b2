import { eq } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { staffHolding } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { invoicePdf } from "./invoice-file.ts";
import { orderHolder } from "./order-access.ts";
import { loadOrder, type OrderView } from "./order-view.ts";

export const GetInvoicePdfInput = z.object({
  /** From the page's address: anything that is not an order code is no order (NOT_FOUND). */
  invoiceId: z.string(),
});

async function invoiceOf(ctx: Pick<OperationContext, "db" | "files" | "settings">, order: OrderView) {
  const { brandName, supplier } = ctx.settings;
  return { order, pdf: await invoicePdf({ db: ctx.db, files: ctx.files, brandName, supplier }, order) };
}

/** getInvoicePdf: an order's invoice PDF, for whoever may view the order (viewOrder's rule). */
export const getInvoicePdf = defineOperation(
  { access: orderHolder, input: GetInvoicePdfInput },
  async function getInvoicePdf(ctx, _input, order): Promise<{ order: OrderView; pdf: Uint8Array }> {
    return invoiceOf(ctx, order);
  },
);

/** getStaffInvoicePdf: an order's invoice PDF, the same document the shopper downloads, for staff looking after orders. */
export const getStaffInvoicePdf = defineOperation(
  { access: staffHolding("orders"), input: z.object({ orderId: identifier() }) },
  async function getStaffInvoicePdf(ctx, { orderId }): Promise<{ order: OrderView; pdf: Uint8Array }> {
    const order = await loadOrder(ctx.db, eq(orders.id, orderId));
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    return invoiceOf(ctx, order);
  },
);
