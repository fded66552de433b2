import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { STAR_RATINGS } from "../../kernel/review-sorts.ts";
import { MAX_PRODUCTS_PER_REQUEST } from "../catalog/list-products.ts";
import { anyone } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

export type RatingSummary = {
  count: number;
  /** The mean rating to one decimal place; null without reviews. */
  average: number | null;
  /** How many reviews gave each rating, from 5 stars down to 1. */
  byRating: { rating: number; count: number }[];
};

type Counts = { rating: number; count: number }[];

export function summarise(counts: Counts): RatingSummary {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const points = counts.reduce((sum, row) => sum + row.rating * row.count, 0);
  return {
    count: total,
    average: total === 0 ? null : Math.round((points / total) * 10) / 10,
    byRating: STAR_RATINGS.map((rating) => ({
      rating,
      count: counts.find((row) => row.rating === rating)?.count ?? 0,
    })),
  };
}

/**
 * Every product's rating summary from the approved reviews, in one query, kept with the catalogue's
 * revision: a review joining or leaving the approved ones raises it (migration 0018).
 */
export async function ratingSummaries(
  ctx: Pick<OperationContext, "db" | "catalog">,
): Promise<ReadonlyMap<string, RatingSummary>> {
  return (await ctx.catalog.index()).kept("rating-summaries", () => readRatingSummaries(ctx.db));
}

async function readRatingSummaries(db: Database): Promise<ReadonlyMap<string, RatingSummary>> {
  const rows = await db
    .select({ productId: reviews.productId, rating: reviews.rating, count: count() })
    .from(reviews)
    .where(eq(reviews.status, "approved"))
    .groupBy(reviews.productId, reviews.rating);
  const countsByProduct = Map.groupBy(rows, (row) => row.productId);
  return new Map([...countsByProduct].map(([productId, counts]) => [productId, summarise(counts)]));
}

export const NO_REVIEWS: RatingSummary = summarise([]);

/** listProductRatings: the rating summaries of a listing's products, by product id; open to everyone. */
export const listProductRatings = defineOperation(
  {
    access: anyone,
    input: z.object({ productIds: z.array(identifier(64)).max(MAX_PRODUCTS_PER_REQUEST) }),
  },
  async function listProductRatings(ctx, { productIds }): Promise<ReadonlyMap<string, RatingSummary>> {
    const summaries = await ratingSummaries(ctx);
    return new Map(productIds.map((productId) => [productId, summaries.get(productId) ?? NO_REVIEWS]));
  },
);
