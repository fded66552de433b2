import { useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { getReviewForm } from "../../../domain/reviews/member-reviews.ts";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "../../../domain/reviews/review-limits.ts";
import { SubmitReviewInput, submitReview } from "../../../domain/reviews/submit-review.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { BackLink } from "../../components/back-link.tsx";
import { ReviewStatusBadge } from "../../components/reviews/review-status.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { requestContext } from "../../context.ts";
import { type ActionResult, failureResult, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { requestPath } from "../../lib/request-path.ts";
import type { Route } from "./+types/review-product";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Review ${args.loaderData.product.name}` : undefined);

export const headers: Route.HeadersFunction = privatePageHeaders;

const FIELDS = ["rating", "title", "body"] as const;

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

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const fields = SubmitReviewInput.omit({ productId: true });
  try {
    await submitReview(ctx.operations, { productId: params.productId, ...formInput(fields, form) });
    return data<ActionResult>({ ok: true, message: "Thank you! Your review is waiting for our team's approval." });
  } catch (error) {
    return failureResult(error, { values: typedValues(fields, form) });
  }
}

export default function ReviewProduct({ loaderData }: Route.ComponentProps) {
  const { product, review, bought } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, FIELDS);
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
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
          <div className="flex flex-wrap items-center gap-2">
            <Stars rating={review.rating} />
            <ReviewStatusBadge status={review.status} />
          </div>
          <h2 className="mt-2 text-lg font-bold">{review.title}</h2>
          <p className="mt-1 whitespace-pre-line text-muted">{review.body}</p>
        </div>
      ) : !bought ? (
        <p className="mt-6 rounded-2xl bg-slate-50 p-5">
          You can review {product.name} once you have bought it while signed in.{" "}
          <Link to={product.path} className="font-semibold text-brand-700 underline">
            See {product.name}
          </Link>
        </p>
      ) : (
        <Form ref={form} method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5">
          <fieldset>
            <legend className="font-semibold">Your rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[5, 4, 3, 2, 1].map((rating) => (
                <label
                  key={rating}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={rating}
                    required
                    defaultChecked={result?.values?.rating === String(rating)}
                    {...(rating === 5 ? errorProps("rating", invalid, "review-error") : {})}
                    className="size-4 accent-brand-700"
                  />
                  <Stars rating={rating} />
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="review-title" className="block font-semibold">
              Title
            </label>
            <input
              id="review-title"
              name="title"
              required
              maxLength={REVIEW_TITLE_MAX}
              defaultValue={result?.values?.title}
              {...errorProps("title", invalid, "review-error")}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="review-body" className="block font-semibold">
              Your review
            </label>
            <textarea
              id="review-body"
              name="body"
              required
              rows={6}
              minLength={REVIEW_BODY_MIN}
              maxLength={REVIEW_BODY_MAX}
              defaultValue={result?.values?.body}
              {...errorProps("body", invalid, "review-error", ["review-body-hint"])}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            <p id="review-body-hint" className="mt-1 text-sm text-muted">
              At least {REVIEW_BODY_MIN} characters: how it tastes, how you take it, what changed for you.
            </p>
          </div>
          {result && !result.ok && (
            <p id="review-error" role="alert" className="font-medium text-sale">
              {result.message}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            Send review
          </button>
        </Form>
      )}
    </div>
  );
}
