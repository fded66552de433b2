import { data } from "react-router";
import { getCreditNotePdf } from "../../../domain/orders/refunds/order-refunds.ts";
import { isAppError } from "../../../domain/shared/app-error.ts";
import { requestContext } from "../../context.ts";
import type { Route } from "./+types/credit-note-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
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
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
    throw error;
  }
}
