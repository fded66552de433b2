import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { AppError } from "../../kernel/app-error.ts";
import { viewerMember } from "../shared/access.ts";
import { identifier, requiredText, wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { productsBoughtBy } from "./bought-products.ts";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "./review-limits.ts";
import { addReviewPhotos, reviewPhotosField, storeReviewPhotos } from "./review-photos.ts";
import { authorNameOf, type ReviewRow } from "./review-view.ts";

export const SubmitReviewInput = z.object({
  productId: identifier(64),
  rating: wholeNumber(1, 5),
  title: requiredText(REVIEW_TITLE_MAX),
  body: requiredText(REVIEW_BODY_MAX).refine((body) => body.length >= REVIEW_BODY_MIN, {
    error: `must be at least ${REVIEW_BODY_MIN} characters`,
  }),
  photos: reviewPhotosField(),
});

const declared = { access: viewerMember, input: SubmitReviewInput };

/**
 * submitReview: a member rates and reviews a product from one of their kept orders. It waits for
 * staff, its photos with it; one review per member and product, so a second (or a double-click) is
 * refused. The photos are checked before anything is stored, and stored before the review is written.
 */
export const submitReview = defineOperation(declared, async function submitReview(ctx, input, memberId): Promise<ReviewRow> {
  const product = (await ctx.catalog.index()).product(input.productId, { includeInactive: true });
  if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
  if (!(await productsBoughtBy(ctx.db, memberId)).has(product.id)) {
    throw new AppError("FORBIDDEN", "You can review a product once you have bought it.");
  }
  const [member] = await ctx.db.select({ name: members.name }).from(members).where(eq(members.id, memberId));
  const photos = await storeReviewPhotos(ctx, input.photos);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({
        id: randomUUID(),
        productId: product.id,
        memberId,
        authorName: authorNameOf(member?.name ?? ""),
        rating: input.rating,
        title: input.title,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError("CONFLICT", `You have reviewed ${product.name} already.`);
    await addReviewPhotos(tx, created.id, photos, 0, now);
    return created;
  });
});
