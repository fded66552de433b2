import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { invoicePdf } from "./invoice-file.ts";
import { orderHolder } from "./order-access.ts";
import type { OrderView } from "./order-view.ts";

export const GetInvoicePdfInput = z.object({
  /** From the page's address: anything that is not an order code is no order (NOT_FOUND). */
  invoiceId: z.string(),
});

/** getInvoicePdf: an order's invoice PDF, for whoever may view the order (viewOrder's rule). */
export const getInvoicePdf = defineOperation(
  { access: orderHolder, input: GetInvoicePdfInput },
  async function getInvoicePdf(ctx, _input, order): Promise<{ order: OrderView; pdf: Uint8Array }> {
    const { brandName, supplier } = ctx.settings;
    return { order, pdf: await invoicePdf({ db: ctx.db, files: ctx.files, brandName, supplier }, order) };
  },
);
