import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reviews } from "../../db/schema/reviews.ts";
import type { CatalogIndex } from "../catalog/catalog-index.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type RatingSummary, summarise } from "./product-ratings.ts";

/** How many of the newest approved reviews the home page quotes. */
export const SHOP_REVIEWS_QUOTED = 3;

export type QuotedReview = {
  id: string;
  productName: string;
  productPath: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
};

export type ShopReviews = { summary: RatingSummary; newest: QuotedReview[] };

/**
 * getShopReviews: the rating of every approved review in the shop, and the newest few with their
 * product, for the home page; open to everyone. Kept with the catalogue's revision, which a review
 * joining or leaving the approved ones raises (migration 0018), as a product's reviews are.
 */
export const getShopReviews = defineOperation(
  { access: anyone, input: z.object({}) },
  async function getShopReviews(ctx): Promise<ShopReviews> {
    const catalogue = await ctx.catalog.index();
    return catalogue.kept("shop-reviews", () => readShopReviews(ctx.db, catalogue));
  },
);

async function readShopReviews(db: Database, catalogue: CatalogIndex): Promise<ShopReviews> {
  const approved = eq(reviews.status, "approved");
  const [counts, newest] = await Promise.all([
    db.select({ rating: reviews.rating, count: count() }).from(reviews).where(approved).groupBy(reviews.rating),
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        authorName: reviews.authorName,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
      })
      .from(reviews)
      .where(approved)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(SHOP_REVIEWS_QUOTED),
  ]);
  return {
    summary: summarise(counts),
    newest: newest.flatMap(({ productId, ...review }) => {
      const product = catalogue.product(productId, { includeInactive: true });
      return product ? [{ ...review, productName: product.name, productPath: product.path }] : [];
    }),
  };
}
