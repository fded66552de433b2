import { BadgeCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { ProductReviews as Reviews } from "../../../domain/reviews/product-reviews.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { REVIEW_SORT_LABELS, REVIEW_SORTS } from "../../../kernel/review-sorts.ts";
import { REVIEWS_ID, type ReviewsChange, reviewsHref } from "../../lib/review-links.ts";
import { Pager } from "../pager.tsx";
import { RatingDistribution } from "./rating-distribution.tsx";
import { ReviewPhotoThumbnails } from "./review-photo-thumbnails.tsx";
import { reviewCount, Stars } from "./stars.tsx";

const CHOICE = "inline-flex min-h-8 items-center rounded-full px-3 font-semibold";

/**
 * The product page's reviews: the rating summary and its distribution, a page of approved reviews in
 * the order and of the rating chosen by links (so all of it works without script), and where to write one.
 */
export function ProductReviews({ product, reviews }: { product: { id: string; name: string; path: string }; reviews: Reviews }) {
  const { summary, shown } = reviews;
  const { search } = useLocation();
  const hrefOf = (change: ReviewsChange) => reviewsHref(product.path, search, change);
  return (
    <section id={REVIEWS_ID} aria-labelledby="reviews-heading" className="mt-8 scroll-mt-28 border-t border-slate-200 pt-6">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {summary.average === null ? (
        <p className="mt-2 text-muted">No reviews yet.</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-3" data-testid="rating-summary">
            <Stars rating={summary.average} size="size-5" />
            <p className="font-semibold">
              {summary.average.toFixed(1)} out of 5 · {reviewCount(summary.count)}
            </p>
          </div>
          <RatingDistribution summary={summary} chosen={shown.rating} hrefOf={hrefOf} />
          <nav aria-label="Sort reviews" className="mt-4 flex flex-wrap items-center gap-1 text-sm">
            <span className="mr-1 text-muted">Sort by</span>
            {REVIEW_SORTS.map((sort) => (
              <Link
                key={sort}
                to={hrefOf({ sort })}
                preventScrollReset
                aria-current={sort === shown.sort ? "true" : undefined}
                className={`${CHOICE} ${sort === shown.sort ? "bg-brand-700 text-white" : "text-brand-700 underline underline-offset-2 hover:bg-brand-50"}`}
              >
                {REVIEW_SORT_LABELS[sort]}
              </Link>
            ))}
          </nav>
          {shown.rating !== null && (
            <p className="mt-3 text-sm" role="status">
              Showing the {reviewCount(reviews.matching)} that gave {shown.rating} {shown.rating === 1 ? "star" : "stars"}.{" "}
              <Link to={hrefOf({ rating: null })} preventScrollReset className="font-semibold text-brand-700 underline">
                Show all reviews
              </Link>
            </p>
          )}
        </>
      )}
      <ul className="mt-4 space-y-4">
        {reviews.reviews.map((review) => (
          <li key={review.id} className="rounded-2xl border border-slate-200 p-4">
            <Stars rating={review.rating} />
            <h3 className="mt-1 font-semibold">{review.title}</h3>
            <p className="mt-1 whitespace-pre-line text-muted">{review.body}</p>
            <ReviewPhotoThumbnails photos={review.photos} authorName={review.authorName} />
            <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-muted">
              <span>
                {review.authorName} · {formatDate(review.createdAt)}
              </span>
              {review.verifiedBuyer && (
                <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  Verified buyer
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
      <Pager
        links={{ path: product.path, page: shown.page, pageCount: reviews.pageCount }}
        label="Pages of reviews"
        hrefOf={(page) => hrefOf({ page })}
      />
      <p className="mt-4 text-sm">
        Bought {product.name}?{" "}
        <Link to={`/member/reviews/${product.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
          Write a review
        </Link>
      </p>
    </section>
  );
}
