import { REVIEW_STATUS_LABELS, type ReviewStatus } from "../../../kernel/review-statuses.ts";
import { StatusBadge, type Tone } from "../admin/status-badge.tsx";

const REVIEW_TONES: Record<ReviewStatus, Tone> = { pending: "waiting", approved: "done", rejected: "off" };

/** A review's state, the same for the member who wrote it and the staff who decide it. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <StatusBadge tone={REVIEW_TONES[status]}>{REVIEW_STATUS_LABELS[status]}</StatusBadge>;
}
