import { Star } from "lucide-react";
import { formatNumber } from "../../../kernel/number-format.ts";

/** A rating as five stars, filled up to the rating; read out as "4 out of 5 stars". */
export function Stars({ rating, size = "size-4" }: { rating: number; size?: string }) {
  const label = `${formatNumber(rating, 1)} out of 5 stars`;
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          aria-hidden="true"
          className={`${size} ${position <= Math.round(rating) ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400"}`}
        />
      ))}
    </span>
  );
}
