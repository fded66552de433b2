import { getInvoicePdf } from "../../../domain/orders/get-invoice-pdf.ts";
import { requestContext } from "../../context.ts";
import { orderNotShown } from "../../lib/order-loader.server.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const { order, pdf } = await getInvoicePdf(context.get(requestContext).operations, { invoiceId: params.invoiceId });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="invoice-${order.invoiceId}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw orderNotShown(request, params.invoiceId, error);
  }
}
