import { getStaffInvoicePdf } from "../../../domain/orders/get-invoice-pdf.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/admin-invoice-pdf";

/** An order's invoice (a tax invoice when the shop is GST-registered) for staff looking after the order, as the shopper downloads it. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { order, pdf } = await refusedAsPage(getStaffInvoicePdf(operations, args.params));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${order.invoiceId}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
