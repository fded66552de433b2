import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { reviews } from "../../db/schema/reviews.ts";
import { AppError } from "../../kernel/app-error.ts";
import { viewerMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { productsBoughtBy } from "./bought-products.ts";
import { photosOfReviews, type ReviewPhoto } from "./review-photos.ts";
import type { ReviewRow } from "./review-view.ts";

export type ReviewableProduct = { id: string; name: string; path: string };

/** A product the member bought, with their review of it if they wrote one. */
export type MemberReviewItem = { product: ReviewableProduct; review: ReviewRow | null };

const listMyReviewsDeclared = { access: viewerMember, input: z.object({}) };

/** listMyReviews: every product the signed-in member bought, in catalogue order, with their review. */
export const listMyReviews = defineOperation(listMyReviewsDeclared, async function listMyReviews(ctx, _input, memberId): Promise<
  MemberReviewItem[]
> {
  const [bought, written, products] = await Promise.all([
    productsBoughtBy(ctx.db, memberId),
    ctx.db.select().from(reviews).where(eq(reviews.memberId, memberId)),
    ctx.catalog.products(),
  ]);
  const byProduct = new Map(written.map((review) => [review.productId, review]));
  return products
    .filter((product) => bought.has(product.id))
    .map((product) => ({
      product: { id: product.id, name: product.name, path: product.path },
      review: byProduct.get(product.id) ?? null,
    }));
});

/** What the member may do about one product, with the photos on their review (none without one). */
export type ReviewForm = MemberReviewItem & { bought: boolean; photos: ReviewPhoto[] };

const getReviewFormDeclared = { access: viewerMember, input: z.object({ productId: identifier(64) }) };

/** getReviewForm: what the member may do about one product: review it, see their review, or why not. */
export const getReviewForm = defineOperation(
  getReviewFormDeclared,
  async function getReviewForm(ctx, input, memberId): Promise<ReviewForm> {
    const product = (await ctx.catalog.index()).product(input.productId, { includeInactive: true });
    if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
    const [bought, [review]] = await Promise.all([
      productsBoughtBy(ctx.db, memberId),
      ctx.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.memberId, memberId), eq(reviews.productId, product.id))),
    ]);
    const photos = review ? ((await photosOfReviews(ctx.db, [review.id])).get(review.id) ?? []) : [];
    return {
      product: { id: product.id, name: product.name, path: product.path },
      review: review ?? null,
      bought: bought.has(product.id),
      photos,
    };
  },
);
