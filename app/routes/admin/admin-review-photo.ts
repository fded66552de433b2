import { requireStaffPage } from "../../lib/back-office.server.ts";
import { reviewPhotoResponse } from "../../lib/review-photo.server.ts";
import type { Route } from "./+types/admin-review-photo";

/** GET /admin/review-photos/<hash>-<width>.<avif|webp>: a review's photo for staff deciding it, published or not. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return reviewPhotoResponse(operations, args.params.file);
}
