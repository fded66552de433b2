import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { reviewPhotos } from "../../db/schema/review-photos.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { AppError } from "../../kernel/app-error.ts";
import { viewerMember } from "../shared/access.ts";
import { identifier, uuid } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { REVIEW_PHOTOS_MAX } from "./review-limits.ts";
import { addReviewPhotos, photosOfReviews, reviewPhotosField, storeReviewPhotos, TOO_MANY_PHOTOS } from "./review-photos.ts";
import type { ReviewRow } from "./review-view.ts";

export const ChangeReviewPhotosInput = z.object({
  productId: identifier(64),
  /** The review's photos to take off. */
  remove: z.array(uuid()).max(REVIEW_PHOTOS_MAX).default([]),
  photos: reviewPhotosField(),
});

const declared = { access: viewerMember, input: ChangeReviewPhotosInput };

/** Refuses the change when the review would then carry more photos than it may. */
function holdToMax(current: readonly { id: string }[], remove: readonly string[], adding: number): void {
  if (current.filter((photo) => !remove.includes(photo.id)).length + adding > REVIEW_PHOTOS_MAX) {
    throw new AppError("BAD_USER_INPUT", TOO_MANY_PHOTOS, { photos: TOO_MANY_PHOTOS });
  }
}

/**
 * changeReviewPhotos: a member takes photos off their review of a product and adds new ones (to replace
 * one, both at once). Shoppers see a review's photos only as staff approved them, so a published review
 * given new photos waits for staff again; a rejected one takes none. Taking photos off needs no approval.
 */
export const changeReviewPhotos = defineOperation(declared, async function changeReviewPhotos(ctx, input, memberId): Promise<{
  review: ReviewRow;
  waitsAgain: boolean;
}> {
  if (input.remove.length === 0 && input.photos.length === 0) {
    throw new AppError("BAD_USER_INPUT", "Choose a photo to add or one to take off.", {
      photos: "Choose a photo to add or one to take off.",
    });
  }
  const mine = and(eq(reviews.memberId, memberId), eq(reviews.productId, input.productId));
  const [found] = await ctx.db.select().from(reviews).where(mine);
  if (!found) throw new AppError("NOT_FOUND", "You have not reviewed this product.");
  if (input.photos.length > 0 && found.status === "rejected") {
    throw new AppError("CONFLICT", "This review was not published, so it takes no new photos.");
  }
  // Checked before the pictures are stored, and again under the review's lock before they are added.
  holdToMax((await photosOfReviews(ctx.db, [found.id])).get(found.id) ?? [], input.remove, input.photos.length);
  const stored = await storeReviewPhotos(ctx, input.photos);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Changes to one review wait for each other and for staff deciding it, so its count and places hold.
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, found.id)).for("update");
    if (!review) throw new AppError("NOT_FOUND", "You have not reviewed this product.");
    if (stored.length > 0 && review.status === "rejected") {
      throw new AppError("CONFLICT", "This review was not published, so it takes no new photos.");
    }
    const current = (await photosOfReviews(tx, [review.id])).get(review.id) ?? [];
    const removed = current.filter((photo) => input.remove.includes(photo.id));
    if (removed.length < new Set(input.remove).size) {
      throw new AppError("NOT_FOUND", "That photo is not on your review: it may have been taken off already.");
    }
    holdToMax(current, input.remove, stored.length);
    if (removed.length > 0) {
      await tx.delete(reviewPhotos).where(
        and(
          eq(reviewPhotos.reviewId, review.id),
          inArray(
            reviewPhotos.id,
            removed.map((photo) => photo.id),
          ),
        ),
      );
    }
    await addReviewPhotos(tx, review.id, stored, Math.max(0, ...current.map((photo) => photo.position)), now);
    const waitsAgain = stored.length > 0 && review.status === "approved";
    const [changed] = await tx
      .update(reviews)
      .set(waitsAgain ? { status: "pending", decidedBy: null, decidedAt: null, updatedAt: now } : { updatedAt: now })
      .where(eq(reviews.id, review.id))
      .returning();
    return { review: changed ?? review, waitsAgain };
  });
});
