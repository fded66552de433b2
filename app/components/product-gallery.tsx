import { useState } from "react";
import type { MetaDescriptor } from "react-router";
import { largestPhotoPath, type PhotoRef } from "../../domain/catalog/photos/photo-variants.ts";
import { ProductPhoto, photoPreload as preloadAt } from "./product-photo.tsx";

/**
 * The main photo's width on the page: from md up the gallery's column (28rem at most) less its
 * padding; on a phone the thumbnail beside the title (product.tsx), so price and "Add to bag" fit
 * the first screen.
 */
const MAIN_SIZES = "(min-width: 768px) 448px, 5rem";
const THUMB_SIZES = "(min-width: 768px) 104px, calc((100vw - 7rem) / 4)";

/**
 * The product page's gallery: one photo large, the first to begin with, and from md up, with more
 * than one, a row of all of them beneath it; choosing one shows it large. The photo shown opens at
 * its largest size (on a phone, where it is a thumbnail, that is how it is seen up close).
 */
export function ProductGallery({ photos }: { photos: readonly PhotoRef[] }) {
  const [shown, setShown] = useState(0);
  const main = photos[shown] ?? photos[0];
  if (!main) return null;
  return (
    <div className="mx-auto w-full max-w-md">
      <a href={largestPhotoPath(main)} data-testid="main-photo" className="block rounded-2xl" title="Open the photo at full size">
        <ProductPhoto
          key={main.hash}
          photo={main}
          sizes={MAIN_SIZES}
          fetching={main === photos[0] ? "first" : "eager"}
          className="h-auto w-full rounded-2xl"
        />
      </a>
      {photos.length > 1 && (
        <ul className="mt-4 hidden grid-cols-4 gap-3 md:grid" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={`${photo.hash}-${photo.alt}`}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-pressed={photo === main}
                aria-label={`Show photo ${index + 1}: ${photo.alt}`}
                className={`block w-full rounded-xl border-2 p-0.5 ${photo === main ? "border-brand-700" : "border-transparent hover:border-slate-300"}`}
              >
                <ProductPhoto photo={photo} sizes={THUMB_SIZES} className="aspect-square h-auto w-full rounded-lg object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The preload of the gallery's first photo, at the size the gallery shows it. */
export const photoPreload = (main: PhotoRef | undefined): MetaDescriptor[] => preloadAt(main, MAIN_SIZES);
