import { data, redirect } from "react-router";
import { viewOrder } from "../../domain/orders/view-order.ts";
import { isAppError } from "../../kernel/app-error.ts";
import type { RequestContext } from "../context.ts";
import { orderVerificationPath } from "./order-verification.server.ts";
import { requestPath } from "./request-path.ts";

/**
 * What an order's page or document answers when the order is not the viewer's: the lookup form with
 * the invoice filled in, to prove it with the mobile number and come back (the same for an order that
 * does not exist, so nothing is told); a plain 404 for what is no order code at all.
 */
export function orderNotShown(request: Request, invoiceId: string, error: unknown): unknown {
  if (!isAppError(error)) return error;
  if (error.code === "UNAUTHENTICATED") return redirect(orderVerificationPath(invoiceId, requestPath(request)));
  if (error.code === "NOT_FOUND") return data(`Page not found: ${requestPath(request)}`, { status: 404 });
  return error;
}

/** The order this browser or member may see; for anyone else, `orderNotShown`. */
export async function loadVisibleOrder(request: Request, context: RequestContext, invoiceId: string) {
  try {
    return await viewOrder(context.operations, { invoiceId });
  } catch (error) {
    throw orderNotShown(request, invoiceId, error);
  }
}
