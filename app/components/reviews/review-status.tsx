import type { ReviewStatus } from "../../../domain/reviews/review-view.ts";

const STATUS_TEXT: Record<ReviewStatus, { label: string; className: string }> = {
  pending: { label: "Waiting for approval", className: "bg-amber-100 text-amber-950" },
  approved: { label: "Published", className: "bg-emerald-100 text-emerald-900" },
  rejected: { label: "Not published", className: "bg-slate-200 text-slate-800" },
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { label, className } = STATUS_TEXT[status];
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${className}`}>{label}</span>;
}
