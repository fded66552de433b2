import {
  type ReviewPhotoAudience,
  type ReviewPhotoRef,
  reviewPhotoFull,
  reviewPhotoThumbnail,
} from "../../../domain/reviews/review-photo-paths.ts";

/** What a review photo's thumbnail is called: the link opens the photo at its full size. */
const reviewPhotoName = (index: number, count: number, authorName: string) => `Photo ${index + 1} of ${count} from ${authorName}`;

/** A review's photos as small squares, each opening the photo at full size; nothing without photos. */
export function ReviewPhotoThumbnails({
  photos,
  authorName,
  audience,
}: {
  photos: readonly ReviewPhotoRef[];
  authorName: string;
  audience?: ReviewPhotoAudience;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos from ${authorName}`}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={reviewPhotoFull(photo, audience)} className="block rounded-lg">
            <img
              src={reviewPhotoThumbnail(photo, audience)}
              alt={reviewPhotoName(index, photos.length, authorName)}
              width={80}
              height={80}
              loading="lazy"
              className="size-20 rounded-lg border border-slate-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
