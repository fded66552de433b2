import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { photosOfReviews } from "./review-photos.ts";
import type { PublishedReview } from "./review-view.ts";

/** How many of the newest approved reviews a product page shows. */
export const REVIEWS_SHOWN = 20;

export type RatingSummary = {
  count: number;
  /** The mean rating to one decimal place; null without reviews. */
  average: number | null;
  /** How many reviews gave each rating, from 5 stars down to 1. */
  byRating: { rating: number; count: number }[];
};

export type ProductReviews = { summary: RatingSummary; reviews: PublishedReview[] };

/**
 * listProductReviews: the approved reviews of a product and their summary; open to everyone. A product
 * of the catalogue has them kept with the catalogue's revision, which a review joining or leaving the
 * approved ones raises (migration 0018).
 */
export const listProductReviews = defineOperation(
  { access: anyone, input: z.object({ productId: z.string().max(64) }) },
  async function listProductReviews(ctx, { productId }): Promise<ProductReviews> {
    const catalogue = await ctx.catalog.index();
    const read = () => readProductReviews(ctx.db, productId);
    return catalogue.product(productId, { includeInactive: true }) ? catalogue.kept(`reviews:${productId}`, read) : read();
  },
);

async function readProductReviews(db: Database, productId: string): Promise<ProductReviews> {
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, "approved"));
  const [counts, newest] = await Promise.all([
    db.select({ rating: reviews.rating, count: count() }).from(reviews).where(approved).groupBy(reviews.rating),
    db
      .select({
        id: reviews.id,
        authorName: reviews.authorName,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        createdAt: reviews.createdAt,
        // Written out: a one-table select names its columns without their table, which the subquery needs.
        photoCount: sql<number>`(select count(*)::int from review_photos where review_photos.review_id = reviews.id)`,
      })
      .from(reviews)
      .where(approved)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_SHOWN),
  ]);
  const photos = await photosOfReviews(
    db,
    newest.filter((review) => review.photoCount > 0).map((review) => review.id),
  );
  const shown = newest.map((review) => ({
    ...review,
    photos: (photos.get(review.id) ?? []).map(({ position: _place, ...photo }) => photo),
  }));
  return { summary: summarise(counts), reviews: shown };
}

/** The summary of approved reviews counted by rating: a product's, or the whole shop's (shop-reviews.ts). */
export function summarise(counts: { rating: number; count: number }[]): RatingSummary {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const points = counts.reduce((sum, row) => sum + row.rating * row.count, 0);
  return {
    count: total,
    average: total === 0 ? null : Math.round((points / total) * 10) / 10,
    byRating: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      count: counts.find((row) => row.rating === rating)?.count ?? 0,
    })),
  };
}
