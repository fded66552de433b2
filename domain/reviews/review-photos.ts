import { randomUUID } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.ts";
import { reviewPhotos } from "../../db/schema/review-photos.ts";
import { AppError } from "../../kernel/app-error.ts";
import { PHOTO_MAX_BYTES } from "../catalog/photos/photo-limits.ts";
import { type AcceptedPhoto, acceptPhoto, storePhotoVariants } from "../catalog/photos/store-photo-variants.ts";
import type { OperationContext } from "../shared/context.ts";
import { REVIEW_PHOTOS_MAX } from "./review-limits.ts";
import { type ReviewPhotoRef, reviewPhotoKey } from "./review-photo-paths.ts";

export const TOO_MANY_PHOTOS = `A review can carry at most ${REVIEW_PHOTOS_MAX} photos.`;

/** A review form's post over its upload limit (server/http/upload-limits.ts): refused before it is read. */
export const reviewPhotosTooLarge = () => {
  const problem = `Send at most ${REVIEW_PHOTOS_MAX} photos, each at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
  return new AppError("BAD_USER_INPUT", problem, { photos: problem });
};

/** The pictures a member sends with a review, each a file's bytes; at most REVIEW_PHOTOS_MAX at once. */
export const reviewPhotosField = () =>
  z
    .array(z.instanceof(Uint8Array, { error: "must be pictures" }))
    .max(REVIEW_PHOTOS_MAX, { error: TOO_MANY_PHOTOS })
    .default([]);

/**
 * Every picture checked by the photo rules before any is encoded, so one refused picture stores none;
 * then each encoded to the variants (which carry no EXIF or location) and stored.
 */
export async function storeReviewPhotos(
  ctx: Pick<OperationContext, "pictures" | "files">,
  images: readonly Uint8Array[],
): Promise<AcceptedPhoto[]> {
  const accepted: AcceptedPhoto[] = [];
  for (const image of images) accepted.push(await acceptPhoto(ctx.pictures, image, "a review photo"));
  for (const photo of accepted) await storePhotoVariants(ctx, photo, reviewPhotoKey);
  return accepted;
}

/** Adds stored photos to a review after its last one (`after`), in the order given. */
export async function addReviewPhotos(tx: Tx, reviewId: string, photos: readonly AcceptedPhoto[], after: number, at: Date) {
  if (photos.length === 0) return;
  await tx.insert(reviewPhotos).values(
    photos.map((photo, index) => ({
      id: randomUUID(),
      reviewId,
      hash: photo.hash,
      width: photo.width,
      height: photo.height,
      position: after + index + 1,
      createdAt: at,
    })),
  );
}

export type ReviewPhoto = ReviewPhotoRef & { position: number };

/** Each review's photos in order, by review id; a review without photos is not in the map. */
export async function photosOfReviews(db: Database | Tx, reviewIds: readonly string[]): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.position));
  for (const { reviewId, id, hash, width, height, position } of rows) {
    byReview.set(reviewId, [...(byReview.get(reviewId) ?? []), { id, hash, width, height, position }]);
  }
  return byReview;
}
