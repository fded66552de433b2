import { Link } from "react-router";
import type { ProductReviews as Reviews } from "../../../domain/reviews/product-reviews.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { ReviewPhotoThumbnails } from "./review-photo-thumbnails.tsx";
import { Stars } from "./stars.tsx";

/** The product page's reviews: the rating summary, the newest approved reviews, and where to write one. */
export function ProductReviews({
  productId,
  productName,
  reviews,
}: {
  productId: string;
  productName: string;
  reviews: Reviews;
}) {
  const { summary } = reviews;
  return (
    <section aria-labelledby="reviews-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {summary.average === null ? (
        <p className="mt-2 text-muted">No reviews yet.</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3" data-testid="rating-summary">
          <Stars rating={summary.average} size="size-5" />
          <p className="font-semibold">
            {summary.average.toFixed(1)} out of 5 · {summary.count} {summary.count === 1 ? "review" : "reviews"}
          </p>
        </div>
      )}
      {summary.count > 0 && (
        <dl className="mt-3 max-w-xs space-y-1 text-sm">
          {summary.byRating.map(({ rating, count }) => (
            <div key={rating} className="flex items-center gap-2">
              <dt className="w-14 shrink-0">{rating === 1 ? "1 star" : `${rating} stars`}</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full bg-amber-500" style={{ width: `${(count / summary.count) * 100}%` }} />
                </span>
                <span className="w-6 text-right">{count}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ul className="mt-4 space-y-4">
        {reviews.reviews.map((review) => (
          <li key={review.id} className="rounded-2xl border border-slate-200 p-4">
            <Stars rating={review.rating} />
            <h3 className="mt-1 font-semibold">{review.title}</h3>
            <p className="mt-1 whitespace-pre-line text-muted">{review.body}</p>
            <ReviewPhotoThumbnails photos={review.photos} authorName={review.authorName} />
            <p className="mt-2 text-sm text-muted">
              {review.authorName} · {formatDate(review.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        Bought {productName}?{" "}
        <Link to={`/member/reviews/${productId}`} className="font-semibold text-brand-700 underline underline-offset-2">
          Write a review
        </Link>
      </p>
    </section>
  );
}
