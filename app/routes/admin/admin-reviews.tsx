import { Link, useActionData } from "react-router";
import { DecideReviewInput, decideReview } from "../../../domain/reviews/staff/decide-review.ts";
import { listReviewsForStaff } from "../../../domain/reviews/staff/list-reviews-for-staff.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES } from "../../../kernel/review-statuses.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading } from "../../components/admin/admin-parts.tsx";
import { ReviewPhotoThumbnails } from "../../components/reviews/review-photo-thumbnails.tsx";
import { ReviewStatusBadge } from "../../components/reviews/review-status.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { type ActionResult, failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-reviews";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Reviews"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const asked = new URL(args.request.url).searchParams.get("status");
  const status = REVIEW_STATUSES.find((known) => known === asked) ?? "pending";
  const reviews = await refusedAsPage(listReviewsForStaff(operations, { status }));
  return {
    status,
    reviews: reviews.map((review) => ({
      id: review.id,
      productName: review.productName,
      memberEmail: review.memberEmail,
      authorName: review.authorName,
      rating: review.rating,
      title: review.title,
      body: review.body,
      status: review.status,
      written: formatTimestamp(review.createdAt),
      decided: review.decidedAt ? `${formatTimestamp(review.decidedAt)} by ${review.decidedBy}` : null,
      photos: review.photos,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    const { review, pointsCredited } = await decideReview(operations, formInput(DecideReviewInput, form));
    const message =
      review.status === "approved"
        ? `Published the review "${review.title}".${pointsCredited ? " The member earned the review points." : ""}`
        : `The review "${review.title}" will not be published.`;
    return { ok: true, message } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { status, reviews } = loaderData;
  return (
    <>
      <PageHeading title="Reviews">
        Members review products they bought. A published review shows on its product page; a member's first one earns the review
        points.
      </PageHeading>
      <nav aria-label="Review states" className="mt-4 flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((each) => (
          <Link
            key={each}
            to={`?status=${each}`}
            aria-current={each === status ? "page" : undefined}
            className={`rounded-full border px-4 py-2 font-semibold ${
              each === status ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-700 hover:bg-brand-50"
            }`}
          >
            {REVIEW_STATUS_LABELS[each]}
          </Link>
        ))}
      </nav>
      <ActionMessage result={result} />
      {reviews.length === 0 ? (
        <p className="mt-6">{status === "pending" ? "No reviews are waiting." : "None yet."}</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={`Reviews: ${REVIEW_STATUS_LABELS[status]}`}>
          {reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-bold text-brand-900">{review.productName}</h2>
                <ReviewStatusBadge status={review.status} />
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <Stars rating={review.rating} />
                <span className="font-semibold">{review.title}</span>
              </div>
              <p className="mt-1 whitespace-pre-line">{review.body}</p>
              <ReviewPhotoThumbnails photos={review.photos} authorName={review.authorName} audience="staff" />
              <p className="mt-2 text-sm text-muted">
                Signed "{review.authorName}" · {review.memberEmail} · written {review.written}
                {review.decided && ` · decided ${review.decided}`}
              </p>
              {review.status === "pending" && (
                <AdminForm hiddenFields={[["reviewId", review.id]]} className="mt-3 flex flex-wrap gap-2">
                  <SubmitButton name="decision" value="approve" aria-label={`Publish "${review.title}" on ${review.productName}`}>
                    Publish
                  </SubmitButton>
                  <SubmitButton
                    look="secondary"
                    name="decision"
                    value="reject"
                    aria-label={`Reject "${review.title}" on ${review.productName}`}
                  >
                    Reject
                  </SubmitButton>
                </AdminForm>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
