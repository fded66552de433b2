import { PHOTO_RULES_TEXT } from "../../../domain/catalog/photos/photo-limits.ts";
import { REVIEW_PHOTOS_MAX } from "../../../domain/reviews/review-limits.ts";
import { errorProps } from "../../lib/form-errors.ts";

/** The fields a photo refusal may name: the photos as a whole, or one picture the photo rules refused. */
export const PHOTO_FIELDS = ["photos", "image"] as const;

/** A review form's file field for its photos, with the limits they are held to. */
export function ReviewPhotoField({ label, invalid, errorId }: { label: string; invalid: readonly string[]; errorId: string }) {
  const field = PHOTO_FIELDS.find((each) => invalid.includes(each)) ?? "photos";
  return (
    <div>
      <label htmlFor="review-photos" className="block font-semibold">
        {label}
      </label>
      <input
        id="review-photos"
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        {...errorProps(field, invalid, errorId, ["review-photos-hint"])}
        className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
      />
      <p id="review-photos-hint" className="mt-1 text-sm text-muted">
        {`Up to ${REVIEW_PHOTOS_MAX} photos: ${PHOTO_RULES_TEXT} each.`} Camera details and location are removed. Our team looks
        at them with your review.
      </p>
    </div>
  );
}
