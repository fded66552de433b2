import { data } from "react-router";
import { viewOrder } from "../../domain/orders/view-order.ts";
import { isAppError } from "../../domain/shared/app-error.ts";
import type { RequestContext } from "../context.ts";
import { requestPath } from "./request-path.ts";

/** The order this browser or member may see, or a plain 404 that tells nothing about other shoppers' orders. */
export async function loadVisibleOrder(request: Request, context: RequestContext, invoiceId: string) {
  try {
    return await viewOrder(context.operations, { invoiceId });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
    throw error;
  }
}
