import { getStaffCreditNotePdf } from "../../../domain/orders/refunds/order-refunds.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/admin-credit-note-pdf";

/** A refund's credit note for staff looking after the order, as the shopper downloads it. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { creditNoteId, pdf } = await refusedAsPage(getStaffCreditNotePdf(operations, args.params));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="credit-note-${creditNoteId}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
