import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { reviews } from "../../../db/schema/reviews.ts";
import { REVIEW_STATUSES } from "../../../kernel/review-statuses.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { photosOfReviews, type ReviewPhoto } from "../review-photos.ts";
import type { ReviewRow } from "../review-view.ts";

/** How many reviews one look at the queue shows. */
const STAFF_REVIEWS_SHOWN = 100;

export type StaffReview = ReviewRow & { productName: string; memberEmail: string; photos: ReviewPhoto[] };

export const ListReviewsForStaffInput = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "must be pending, approved or rejected" }).default("pending"),
});

const declared = { access: staffHolding("catalog"), input: ListReviewsForStaffInput };

/** The reviews in one state, with their photos: waiting ones oldest first (the queue), decided ones newest first. */
export const listReviewsForStaff = defineOperation(declared, async function listReviewsForStaff(ctx, input): Promise<
  StaffReview[]
> {
  const [rows, products] = await Promise.all([
    ctx.db
      .select({ review: reviews, memberEmail: members.email })
      .from(reviews)
      .innerJoin(members, eq(members.id, reviews.memberId))
      .where(eq(reviews.status, input.status))
      .orderBy(input.status === "pending" ? asc(reviews.createdAt) : desc(reviews.decidedAt), asc(reviews.id))
      .limit(STAFF_REVIEWS_SHOWN),
    ctx.catalog.index(),
  ]);
  const photos = await photosOfReviews(
    ctx.db,
    rows.map(({ review }) => review.id),
  );
  return rows.map(({ review, memberEmail }) => ({
    ...review,
    memberEmail,
    photos: photos.get(review.id) ?? [],
    productName: products.product(review.productId, { includeInactive: true })?.name ?? review.productId,
  }));
});
