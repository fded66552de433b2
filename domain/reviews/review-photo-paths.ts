/**
 * Where a review photo's variants are stored and served. Pure, so pages build their srcset from the
 * same names the upload stores. The variants are a product photo's (photo-variants.ts), under their own
 * address and keys: a review's photos are served only while it is approved (read-review-photo.ts).
 */
import { type PhotoFormat, photoFileName, variantWidths } from "../catalog/photos/photo-variants.ts";

/** What the shop knows of a review photo to show it. */
export type ReviewPhotoRef = { id: string; hash: string; width: number; height: number };

/**
 * Shoppers' address and the back office's: staff sessions are read only under /admin, and staff see the
 * photos of reviews they have not published yet.
 */
export const REVIEW_PHOTO_PATH_PREFIXES = { shop: "/review-photos/", staff: "/admin/review-photos/" } as const;
export type ReviewPhotoAudience = keyof typeof REVIEW_PHOTO_PATH_PREFIXES;

export const reviewPhotoPath = (hash: string, width: number, format: PhotoFormat, audience: ReviewPhotoAudience = "shop") =>
  `${REVIEW_PHOTO_PATH_PREFIXES[audience]}${photoFileName(hash, width, format)}`;

/** The file store key of a variant. */
export const reviewPhotoKey = (hash: string, width: number, format: PhotoFormat) => `review-photos/${hash}/${width}.${format}`;

/** The smallest and the widest variant in WebP: a thumbnail's picture and the photo it opens. */
export const reviewPhotoThumbnail = (photo: ReviewPhotoRef, audience?: ReviewPhotoAudience) =>
  reviewPhotoPath(photo.hash, variantWidths(photo.width)[0] ?? photo.width, "webp", audience);
export const reviewPhotoFull = (photo: ReviewPhotoRef, audience?: ReviewPhotoAudience) =>
  reviewPhotoPath(photo.hash, Math.max(...variantWidths(photo.width)), "webp", audience);
