import type { ReviewStatus } from "./review-view.ts";

/** The states a review can be in: waiting for staff, then published or not. */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const satisfies readonly ReviewStatus[];

/** Each state as members and staff read it. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  approved: "Published",
  rejected: "Not published",
};
