import type { MetaDescriptor } from "react-router";
import {
  PHOTO_FORMATS,
  PHOTO_MIME,
  type PhotoRef,
  photoPath,
  photoSrcSet,
  variantWidths,
} from "../../domain/catalog/photos/photo-variants.ts";

/** How wide the photo shows, for the browser to pick a variant before it lays the page out. */
export type PhotoSizes = string;

/**
 * A product photo: AVIF where the browser reads it, else WebP, at the width the layout needs. Its
 * width and height give the box its shape before a byte arrives, so nothing below it moves.
 */
export function ProductPhoto({
  photo,
  sizes,
  className,
  fetching = "lazy",
  decorative = false,
}: {
  photo: PhotoRef;
  sizes: PhotoSizes;
  className?: string;
  /** first: the page's main picture, fetched before anything else; eager: in view as the page opens. */
  fetching?: "first" | "eager" | "lazy";
  /** Beside words that name what it shows (a bag line): screen readers skip it, and a picture of one
   * flavour never names another. */
  decorative?: boolean;
}) {
  const widths = variantWidths(photo.width);
  return (
    <picture>
      {PHOTO_FORMATS.map((format) => (
        <source key={format} type={PHOTO_MIME[format]} srcSet={photoSrcSet(photo, format)} sizes={sizes} />
      ))}
      <img
        src={photoPath(photo.hash, widths[Math.min(1, widths.length - 1)] ?? photo.width, "webp")}
        alt={decorative ? "" : photo.alt}
        width={photo.width}
        height={photo.height}
        loading={fetching === "lazy" ? "lazy" : "eager"}
        fetchPriority={fetching === "first" ? "high" : undefined}
        decoding={fetching === "first" ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}

/** The preload of a page's main photo, in the format offered first, for its route's meta. */
export function photoPreload(photo: PhotoRef | undefined, sizes: PhotoSizes): MetaDescriptor[] {
  if (!photo) return [];
  const [format] = PHOTO_FORMATS;
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: PHOTO_MIME[format],
      imageSrcSet: photoSrcSet(photo, format),
      imageSizes: sizes,
      fetchPriority: "high",
    },
  ];
}
