import { data } from "react-router";
import type { z } from "zod";
import { listProductReviews, type ProductReviewsInput } from "../../domain/reviews/product-reviews.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { requestPath } from "./request-path.ts";

const ASKED = ["sort", "rating", "page"] as const;

/**
 * The product's reviews as the page's address asks (`?sort=`, `?rating=`, `?page=`), handed raw to
 * the operation, which parses them. An address the page never links to (an unknown order, a page
 * past the last, a value given twice) is not found.
 */
export async function productReviewsOf(request: Request, operations: OperationContext, productId: string) {
  const url = new URL(request.url);
  const notFound = () => data(`Page not found: ${requestPath(request)}${url.search}`, { status: 404 });
  const asked: Record<string, string> = {};
  for (const name of ASKED) {
    const values = url.searchParams.getAll(name);
    if (values.length > 1) throw notFound();
    if (values[0] !== undefined) asked[name] = values[0];
  }
  try {
    return await listProductReviews(operations, { productId, ...asked } as z.input<typeof ProductReviewsInput>);
  } catch (error) {
    if (isAppError(error) && (error.code === "BAD_USER_INPUT" || error.code === "NOT_FOUND")) throw notFound();
    throw error;
  }
}
