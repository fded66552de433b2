import type { MetaDescriptor } from "react-router";
import type { PhotoRef } from "../../domain/catalog/photos/photo-variants.ts";
import { ProductPhoto, photoPreload as preloadAt } from "./product-photo.tsx";

/** The main photo's width on the page: the gallery's column (28rem at most) less its padding. */
const MAIN_SIZES = "(min-width: 768px) 448px, calc(100vw - 5rem)";
const THUMB_SIZES = "(min-width: 768px) 140px, calc((100vw - 6rem) / 3)";

/** The product page's gallery: the first photo large, the others beneath it. */
export function ProductGallery({ photos }: { photos: readonly PhotoRef[] }) {
  const [main, ...rest] = photos;
  if (!main) return null;
  return (
    <div className="mx-auto w-full max-w-md">
      <ProductPhoto photo={main} sizes={MAIN_SIZES} fetching="first" className="h-auto w-full rounded-2xl" />
      {rest.length > 0 && (
        <ul className="mt-4 grid grid-cols-3 gap-3">
          {rest.map((photo) => (
            <li key={`${photo.hash}-${photo.alt}`}>
              <ProductPhoto photo={photo} sizes={THUMB_SIZES} className="aspect-square h-auto w-full rounded-xl object-cover" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The preload of the gallery's first photo, at the size the gallery shows it. */
export const photoPreload = (main: PhotoRef | undefined): MetaDescriptor[] => preloadAt(main, MAIN_SIZES);
