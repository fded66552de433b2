import type { reviews } from "../../db/schema/reviews.ts";
import type { ReviewPhotoRef } from "./review-photo-paths.ts";

export type ReviewRow = typeof reviews.$inferSelect;

/** A review as shoppers read it on the product page. */
export type PublishedReview = {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
  /** How many photos it carries, as the query counts them: what a "with photos" order sorts by. */
  photoCount: number;
  photos: ReviewPhotoRef[];
  /** The author bought the product in an order the shop kept (not cancelled or refunded). */
  verifiedBuyer: boolean;
};

/** How the product page signs a review: the first name and the last name's initial ("Mei L."). */
export function authorNameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A member";
  const first = words[0] as string;
  const last = words.length > 1 ? ` ${(words.at(-1) as string).charAt(0).toUpperCase()}.` : "";
  return `${first}${last}`;
}
