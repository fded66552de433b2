import { data, Link, useActionData, useNavigation } from "react-router";
import { ChangeReviewPhotosInput, changeReviewPhotos } from "../../../domain/reviews/change-review-photos.ts";
import { getReviewForm } from "../../../domain/reviews/member-reviews.ts";
import { reviewPhotosTooLarge } from "../../../domain/reviews/review-photos.ts";
import { SubmitReviewInput, submitReview } from "../../../domain/reviews/submit-review.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { BackLink } from "../../components/back-link.tsx";
import { NewReviewForm } from "../../components/reviews/new-review-form.tsx";
import { ReviewPhotosForm } from "../../components/reviews/review-photos-form.tsx";
import { ReviewStatusBadge } from "../../components/reviews/review-status.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { requestContext } from "../../context.ts";
import {
  type ActionResult,
  failureResult,
  filesOf,
  formText,
  readForm,
  unreadableRequest,
} from "../../lib/action-result.server.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/review-product";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Review ${args.loaderData.product.name}` : undefined);

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  try {
    return await getReviewForm(ctx.operations, { productId: params.productId });
  } catch (error) {
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "BAD_USER_INPUT"))
      throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
    throw error;
  }
}

const REVIEW_FIELDS = SubmitReviewInput.omit({ productId: true, photos: true });

/** A new review with its photos (intent "review"), or photos taken off and added to the member's review (intent "photos"). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  // Over the upload limit the body was never read: the form answers in its own words.
  if (ctx.bodyTooLarge) return failureResult(reviewPhotosTooLarge());
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const known = { productId: params.productId, photos: await filesOf(form, "photos") };
  if (formText(form, "intent") === "photos") {
    try {
      const { waitsAgain } = await changeReviewPhotos(ctx.operations, formInput(ChangeReviewPhotosInput, form, known));
      const message = waitsAgain
        ? "Your photos are saved. Your review waits for our team's approval again, with its new photos."
        : "Your photos are saved.";
      return data<ActionResult>({ ok: true, message });
    } catch (error) {
      return failureResult(error);
    }
  }
  try {
    await submitReview(ctx.operations, { ...formInput(REVIEW_FIELDS, form), ...known });
    return data<ActionResult>({ ok: true, message: "Thank you! Your review is waiting for our team's approval." });
  } catch (error) {
    return failureResult(error, { values: typedValues(REVIEW_FIELDS, form) });
  }
}

export default function ReviewProduct({ loaderData }: Route.ComponentProps) {
  const { product, review, bought, photos } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <BackLink to="/member/reviews">Your reviews</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Review {product.name}</h1>
      {result?.ok && (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900">
          {result.message}
        </p>
      )}
      {review ? (
        <>
          <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={review.rating} />
              <ReviewStatusBadge status={review.status} />
            </div>
            <h2 className="mt-2 text-lg font-bold">{review.title}</h2>
            <p className="mt-1 whitespace-pre-line text-muted">{review.body}</p>
          </div>
          {(review.status !== "rejected" || photos.length > 0) && (
            <ReviewPhotosForm
              photos={photos}
              authorName={review.authorName}
              status={review.status}
              result={result && !result.ok ? result : undefined}
              busy={busy}
            />
          )}
        </>
      ) : !bought ? (
        <p className="mt-6 rounded-2xl bg-slate-50 p-5">
          You can review {product.name} once you have bought it while signed in.{" "}
          <Link to={product.path} className="font-semibold text-brand-700 underline">
            See {product.name}
          </Link>
        </p>
      ) : (
        <NewReviewForm result={result} busy={busy} />
      )}
    </div>
  );
}
