import { getPackingSlipsPdf } from "../../../domain/shipping/packing-slips.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/admin-packing-slips-pdf";

/** Packing slips for the orders in the address (`?order=…&order=…`), one page each, to print and pack by. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const orderIds = new URL(args.request.url).searchParams.getAll("order");
  const { pdf, invoiceIds } = await refusedAsPage(getPackingSlipsPdf(operations, { orderIds }));
  const name = invoiceIds.length === 1 ? `packing-slip-${invoiceIds[0]}` : `packing-slips-${invoiceIds.length}-orders`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      // Opened in the browser, ready to print.
      "Content-Disposition": `inline; filename="${name}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
