import { data } from "react-router";
import { isAppError } from "../../../domain/shared/app-error.ts";
import { requestContext } from "../../context.ts";
import { orderViewer } from "../../lib/order-loader.server.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const shopContext = context.get(requestContext);
    const { order, pdf } = await shopContext.shop.orders.invoicePdf(orderViewer(request, shopContext), params.invoiceId);
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
