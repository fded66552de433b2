import { eq } from "drizzle-orm";
import { z } from "zod";
import { reviewPhotos } from "../../db/schema/review-photos.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { AppError } from "../../kernel/app-error.ts";
import { PHOTO_MIME, parsePhotoFileName } from "../catalog/photos/photo-variants.ts";
import { anyone } from "../shared/access.ts";
import type { Viewer } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { reviewPhotoKey } from "./review-photo-paths.ts";

/** Any text: a name the shop never gives out is no photo (404), never a bad request. */
export const ReadReviewPhotoInput = z.object({ fileName: z.string() });

const declared = { access: anyone, input: ReadReviewPhotoInput };

/** Who sees a photo of a review that is not published: staff who moderate reviews, and the member who wrote it. */
const mayModerateOrWrote = (viewer: Viewer, memberId: string) =>
  (viewer.kind === "staff" && viewer.permissions.has("catalog")) || (viewer.kind === "member" && viewer.memberId === memberId);

/**
 * readReviewPhoto: one stored variant of a review photo, by the name pages give it. Anyone sees it
 * while a review showing it is approved (`published`); otherwise only staff and its author do, and
 * anyone else gets the same 404 as for a name the shop never gave out.
 */
export const readReviewPhoto = defineOperation(declared, async function readReviewPhoto(ctx, input) {
  const variant = parsePhotoFileName(input.fileName);
  const notFound = new AppError("NOT_FOUND", "There is no such photo.");
  if (!variant) throw notFound;
  const showing = await ctx.db
    .select({ status: reviews.status, memberId: reviews.memberId })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.hash, variant.hash));
  const published = showing.some((review) => review.status === "approved");
  if (!published && !showing.some((review) => mayModerateOrWrote(ctx.viewer, review.memberId))) throw notFound;
  const body = await ctx.files.get(reviewPhotoKey(variant.hash, variant.width, variant.format));
  if (!body) throw notFound;
  return { body, contentType: PHOTO_MIME[variant.format], published };
});
