import { data } from "react-router";
import { getInvoicePdf } from "../../../domain/orders/get-invoice-pdf.ts";
import { isAppError } from "../../../domain/shared/app-error.ts";
import { requestContext } from "../../context.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
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
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
    throw error;
  }
}
