import { Quote } from "lucide-react";
import { Link } from "react-router";
import type { ShopReviews } from "../../../domain/reviews/shop-reviews.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { Stars } from "../reviews/stars.tsx";

const reviewsWord = (count: number) => `${formatNumber(count)} ${count === 1 ? "review" : "reviews"}`;

/** The shop's rating in a line, for the hero: nothing at all until there are reviews. */
export function ShopRatingLine({ summary }: Pick<ShopReviews, "summary">) {
  if (summary.average === null) return null;
  return (
    <a href="#reviews-heading" className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-ink hover:underline">
      <Stars rating={summary.average} />
      {summary.average.toFixed(1)} out of 5 from {reviewsWord(summary.count)}
    </a>
  );
}

/**
 * What customers say: the average of every approved review and the newest few, each with its
 * product, stars and the reviewer's first name. Without reviews it invites the first ones instead of
 * showing numbers that do not exist.
 */
export function ShopReviewsProof({ reviews }: { reviews: ShopReviews }) {
  const { summary, newest } = reviews;
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        What our customers say
      </h2>
      {summary.average === null ? (
        <p className="mt-3 max-w-prose text-muted">
          Our first reviews are on their way. Members who have bought a drink can review it from their account, and every review
          is read by our team before it appears here.
        </p>
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-3" data-testid="shop-rating">
            <Stars rating={summary.average} size="size-5" />
            <span className="font-semibold">
              {summary.average.toFixed(1)} out of 5 from {reviewsWord(summary.count)}
            </span>
            <span className="text-sm text-muted">by members who bought what they review</span>
          </p>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {newest.map((review) => (
              <li key={review.id}>
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <Quote aria-hidden="true" className="size-6 text-brand-600" />
                  <Stars rating={review.rating} />
                  <blockquote className="mt-3 flex-1">
                    <p className="font-semibold">{review.title}</p>
                    <p className="mt-1 line-clamp-4 text-muted">{review.body}</p>
                  </blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{review.authorName}</span> on{" "}
                    <Link to={review.productPath} className="font-semibold text-brand-700 underline underline-offset-2">
                      {review.productName}
                    </Link>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
