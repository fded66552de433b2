import { useRef } from "react";
import { Form } from "react-router";
import type { ReviewPhotoRef } from "../../../domain/reviews/review-photo-paths.ts";
import type { ReviewStatus } from "../../../kernel/review-statuses.ts";
import type { ActionResult } from "../../lib/action-result.server.ts";
import { invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { PHOTO_FIELDS, ReviewPhotoField } from "./review-photo-field.tsx";
import { ReviewPhotoThumbnails } from "./review-photo-thumbnails.tsx";

/**
 * The photos on a member's review: ticked ones are taken off and chosen files added, in one post, so
 * a photo is replaced by ticking it and choosing the new one. New photos wait for staff's approval.
 */
export function ReviewPhotosForm({
  photos,
  authorName,
  status,
  result,
  busy,
}: {
  photos: readonly ReviewPhotoRef[];
  authorName: string;
  status: ReviewStatus;
  result: ActionResult | undefined;
  busy: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, result);
  const invalid = invalidFieldsOf(result, PHOTO_FIELDS);
  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <input type="hidden" name="intent" value="photos" />
      <h2 className="text-lg font-bold">Your photos</h2>
      {photos.length === 0 ? (
        <p className="text-muted">Your review has no photos.</p>
      ) : (
        <>
          <ReviewPhotoThumbnails photos={photos} authorName={authorName} />
          <fieldset>
            <legend className="font-semibold">Take off</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {photos.map((photo, index) => (
                <label key={photo.id} className="flex items-center gap-2">
                  <input type="checkbox" name="remove" value={photo.id} className="size-4 accent-brand-700" />
                  Photo {index + 1}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {status !== "rejected" && <ReviewPhotoField label="Add photos" invalid={invalid} errorId="photos-error" />}
      {status === "approved" && (
        <p className="text-sm text-muted">New photos take your review off the product page until our team has looked at them.</p>
      )}
      {result && !result.ok && (
        <p id="photos-error" role="alert" className="font-medium text-sale">
          {result.message}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        Save photos
      </button>
    </Form>
  );
}
