import { requestContext } from "../../context.ts";
import { reviewPhotoResponse } from "../../lib/review-photo.server.ts";
import type { Route } from "./+types/review-photo";

/** GET /review-photos/<hash>-<width>.<avif|webp>: a photo of a published review, or one the member wrote. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return reviewPhotoResponse(context.get(requestContext).operations, params.file);
}
