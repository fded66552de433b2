import { useRef } from "react";
import { Form } from "react-router";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "../../../domain/reviews/review-limits.ts";
import type { ActionResult } from "../../lib/action-result.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { PHOTO_FIELDS, ReviewPhotoField } from "./review-photo-field.tsx";
import { Stars } from "./stars.tsx";

const FIELDS = ["rating", "title", "body", ...PHOTO_FIELDS] as const;

/** A member's review of a product they bought: a rating, a title, their words and up to three photos. */
export function NewReviewForm({ result, busy }: { result: ActionResult | undefined; busy: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, FIELDS);
  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <input type="hidden" name="intent" value="review" />
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
      <ReviewPhotoField label="Photos (optional)" invalid={invalid} errorId="review-error" />
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
  );
}
