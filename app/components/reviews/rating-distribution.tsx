import { Link } from "react-router";
import type { RatingSummary } from "../../../domain/reviews/product-ratings.ts";
import type { ReviewsChange } from "../../lib/review-links.ts";
import { reviewCount } from "./stars.tsx";

const starsName = (rating: number) => (rating === 1 ? "1 star" : `${rating} stars`);

/**
 * How many reviews gave each rating, as bars with counts and shares; each row links to the reviews
 * of that rating, and the chosen one back to all of them.
 */
export function RatingDistribution({
  summary,
  chosen,
  hrefOf,
}: {
  summary: RatingSummary;
  chosen: number | null;
  hrefOf: (change: ReviewsChange) => string;
}) {
  return (
    <ul className="mt-3 max-w-sm space-y-1 text-sm" aria-label="Reviews by rating">
      {summary.byRating.map(({ rating, count }) => {
        const percent = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
        const isChosen = rating === chosen;
        return (
          <li key={rating}>
            <Link
              to={hrefOf({ rating: isChosen ? null : rating })}
              preventScrollReset
              aria-current={isChosen ? "true" : undefined}
              className={`flex min-h-8 items-center gap-2 rounded-lg px-2 hover:bg-slate-100 ${isChosen ? "bg-amber-50 font-semibold ring-1 ring-amber-600" : ""}`}
            >
              <span className="w-14 shrink-0 text-brand-700 underline underline-offset-2">{starsName(rating)}</span>
              <span className="sr-only">{`: ${reviewCount(count)}, ${percent}%${isChosen ? " (shown; choose again to show every rating)" : ""}`}</span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
                <span className="block h-full bg-amber-500" style={{ width: `${percent}%` }} />
              </span>
              <span aria-hidden="true" className="w-16 shrink-0 text-right tabular-nums">
                {count} · {percent}%
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
