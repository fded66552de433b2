import { data } from "react-router";
import { isAppError } from "../../domain/shared/app-error.ts";
import type { RequestContext } from "../context.ts";
import { readBagToken } from "./bag-cookie.server.ts";
import { requestPath } from "./request-path.ts";

/** The order this browser may see, or a plain 404 that tells nothing about other shoppers' orders. */
export async function loadVisibleOrder(request: Request, context: RequestContext, invoiceId: string) {
  try {
    return await context.shop.orders.view(readBagToken(request), invoiceId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
    throw error;
  }
}
