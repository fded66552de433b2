/** The states a review can be in: waiting for staff, then published or not. */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Each state as members and staff read it. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  approved: "Published",
  rejected: "Not published",
};
