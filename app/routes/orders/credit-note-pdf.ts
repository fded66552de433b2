import { getCreditNotePdf } from "../../../domain/orders/refunds/order-refunds.ts";
import { requestContext } from "../../context.ts";
import { orderNotShown } from "../../lib/order-loader.server.ts";
import type { Route } from "./+types/credit-note-pdf";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const { creditNoteId, pdf } = await getCreditNotePdf(context.get(requestContext).operations, params);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="credit-note-${creditNoteId}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw orderNotShown(request, params.invoiceId, error);
  }
}
