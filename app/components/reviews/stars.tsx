import { Star } from "lucide-react";
import { formatNumber } from "../../../kernel/number-format.ts";

function StarIcons({ rating, size }: { rating: number; size: string }) {
  return [1, 2, 3, 4, 5].map((position) => (
    <Star
      key={position}
      aria-hidden="true"
      className={`${size} ${position <= Math.round(rating) ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400"}`}
    />
  ));
}

/** A rating as five stars, filled up to the rating; read out as "4 out of 5 stars". */
export function Stars({ rating, size = "size-4" }: { rating: number; size?: string }) {
  return (
    <span role="img" aria-label={`${formatNumber(rating, 1)} out of 5 stars`} className="inline-flex gap-0.5">
      <StarIcons rating={rating} size={size} />
    </span>
  );
}

export const reviewCount = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/**
 * A product's rating on one line: its stars, the mean and how many reviews, shown short ("4.6 (23)")
 * and read out whole ("4.6 out of 5 stars, 23 reviews").
 */
export function RatingLine({ average, count }: { average: number; count: number }) {
  const mean = average.toFixed(1);
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-flex gap-0.5">
        <StarIcons rating={average} size="size-4" />
      </span>
      <span aria-hidden="true">
        <span className="font-semibold text-ink">{mean}</span> ({count})
      </span>
      <span className="sr-only">{`${mean} out of 5 stars, ${reviewCount(count)}`}</span>
    </span>
  );
}
