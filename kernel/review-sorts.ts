/**
 * The orders a product's reviews can be read in, the first being the page's own. Each names its
 * ordering in domain/reviews/product-reviews.ts, so a new one is added here, there and nowhere else.
 */
export const REVIEW_SORTS = ["newest", "highest", "lowest", "photos"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  photos: "With photos first",
};

/** The star ratings a review can give, highest first: the order of the product page's distribution. */
export const STAR_RATINGS = [5, 4, 3, 2, 1] as const;
