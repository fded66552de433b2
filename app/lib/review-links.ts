import type { ReviewSort } from "../../kernel/review-sorts.ts";

/** The product page's reviews section, where its sorting, filter and page links land. */
export const REVIEWS_ID = "reviews";

/** What a reviews link changes; `rating: null` shows every rating again. */
export type ReviewsChange = { sort?: ReviewSort; rating?: number | null; page?: number };

const DEFAULTS: Record<string, string> = { sort: "newest", page: "1" };

/**
 * The product page's address with its reviews shown as `change` asks, keeping the rest of the query
 * (a flavour chosen without script); a new order or rating starts at its first page. Defaults are
 * left out, so each view of the reviews has one address.
 */
export function reviewsHref(path: string, search: string, change: ReviewsChange): string {
  const params = new URLSearchParams(search);
  if (change.page === undefined) params.delete("page");
  for (const [key, value] of Object.entries(change)) {
    params.delete(key);
    if (value !== null && value !== undefined && DEFAULTS[key] !== String(value)) params.set(key, String(value));
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}#${REVIEWS_ID}`;
}
