import { data } from "react-router";
import { isAppError } from "../../domain/shared/app-error.ts";
import type { RequestContext } from "../context.ts";
import { readBagToken } from "./bag-cookie.server.ts";
import { requestPath } from "./request-path.ts";

/** Whose order pages these are: this browser's bag and the signed-in member. */
export function orderViewer(request: Request, context: RequestContext) {
  return { bagToken: readBagToken(request), memberId: context.session?.memberId ?? null };
}

/** The order this browser or member may see, or a plain 404 that tells nothing about other shoppers' orders. */
export async function loadVisibleOrder(request: Request, context: RequestContext, invoiceId: string) {
  try {
    return await context.shop.orders.view(orderViewer(request, context), invoiceId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
    throw error;
  }
}
