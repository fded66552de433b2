import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { AppError } from "../../kernel/app-error.ts";
import { REVIEW_SORTS, type ReviewSort } from "../../kernel/review-sorts.ts";
import { anyone } from "../shared/access.ts";
import { identifier, wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { reviewerBoughtIt } from "./bought-products.ts";
import { NO_REVIEWS, type RatingSummary, ratingSummaries } from "./product-ratings.ts";
import { photosOfReviews } from "./review-photos.ts";
import type { PublishedReview } from "./review-view.ts";

/** How many approved reviews a page of a product's reviews shows. */
export const REVIEWS_PER_PAGE = 20;

export const ProductReviewsInput = z.object({
  productId: identifier(64),
  sort: z.enum(REVIEW_SORTS).default("newest"),
  /** Only the reviews that gave this many stars. */
  rating: wholeNumber(1, 5).nullish(),
  page: wholeNumber(1, 100_000).default(1),
});

/** Which of a product's reviews are shown: their order, the rating they gave (null for any), the page. */
export type ReviewsShown = { sort: ReviewSort; rating: number | null; page: number };

export type ProductReviews = {
  summary: RatingSummary;
  shown: ReviewsShown;
  reviews: PublishedReview[];
  /** How many reviews the chosen rating (or all of them) has, and the pages they fill. */
  matching: number;
  pageCount: number;
};

/** Each order of the reviews, newest first among equals so paging is stable. */
/** How many photos a review carries. Written out: a one-table select names its columns without their table, which the subquery needs. */
const photoCount = sql<number>`(select count(*)::int from review_photos where review_photos.review_id = reviews.id)`;

const ORDERINGS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  photos: [desc(photoCount), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * listProductReviews: a page of a product's approved reviews, in the order asked and of the rating
 * asked, with the product's rating summary; open to everyone. A page past the last is not found. Kept
 * with the catalogue's revision like the summaries, so whether a reviewer counts as a verified buyer
 * is as of the last catalogue change.
 */
export const listProductReviews = defineOperation(
  { access: anyone, input: ProductReviewsInput },
  async function listProductReviews(ctx, { productId, sort, rating, page }): Promise<ProductReviews> {
    const summary = (await ratingSummaries(ctx)).get(productId) ?? NO_REVIEWS;
    const matching = rating ? (summary.byRating.find((row) => row.rating === rating)?.count ?? 0) : summary.count;
    const pageCount = Math.max(1, Math.ceil(matching / REVIEWS_PER_PAGE));
    if (page > pageCount) throw new AppError("NOT_FOUND", `There is no page ${page} of this product's reviews.`);
    const shown: ReviewsShown = { sort, rating: rating ?? null, page };
    if (matching === 0) return { summary, shown, reviews: [], matching, pageCount };
    // Only a product with approved reviews gets here, and only for its existing pages: few keys are kept.
    const key = `reviews:${productId}:${sort}:${shown.rating ?? "all"}:${page}`;
    const read = () => readProductReviews(ctx.db, productId, shown);
    return { summary, shown, reviews: await (await ctx.catalog.index()).kept(key, read), matching, pageCount };
  },
);

async function readProductReviews(db: Database, productId: string, shown: ReviewsShown): Promise<PublishedReview[]> {
  const page = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      createdAt: reviews.createdAt,
      verifiedBuyer: reviewerBoughtIt(db),
      photoCount,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.productId, productId),
        eq(reviews.status, "approved"),
        shown.rating === null ? undefined : eq(reviews.rating, shown.rating),
      ),
    )
    .orderBy(...ORDERINGS[shown.sort])
    .limit(REVIEWS_PER_PAGE)
    .offset((shown.page - 1) * REVIEWS_PER_PAGE);
  const photos = await photosOfReviews(
    db,
    page.filter((review) => review.photoCount > 0).map((review) => review.id),
  );
  return page.map((review) => ({
    ...review,
    photos: (photos.get(review.id) ?? []).map(({ position: _place, ...photo }) => photo),
  }));
}
