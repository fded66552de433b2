/**
 * The sizes and formats every product photo is kept in, and where each is stored and served. Pure, so
 * pages build their srcset from the same numbers the upload encodes.
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** Best first: a <picture> offers them in this order. */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** What the shop knows of a product photo to show it. */
export type PhotoRef = { hash: string; alt: string; width: number; height: number };

/** The widths a picture this wide is kept at: the fixed widths it covers, or its own width when narrower. */
export function variantWidths(width: number): number[] {
  const covered = PHOTO_WIDTHS.filter((each) => each <= width);
  return covered.length > 0 ? covered : [width];
}

/** The height of a variant, keeping the picture's proportions. */
export const variantHeight = (photo: Pick<PhotoRef, "width" | "height">, width: number) =>
  Math.round((photo.height * width) / photo.width);

export const PHOTO_PATH_PREFIX = "/photos/";
const FILE_NAME = /^([0-9a-f]{16})-([1-9]\d{0,3})\.(avif|webp)$/;

export const photoFileName = (hash: string, width: number, format: PhotoFormat) => `${hash}-${width}.${format}`;
export const photoPath = (hash: string, width: number, format: PhotoFormat) =>
  `${PHOTO_PATH_PREFIX}${photoFileName(hash, width, format)}`;
/** The file store key of a variant. */
export const photoKey = (hash: string, width: number, format: PhotoFormat) => `photos/${hash}/${width}.${format}`;

/** The variant a served file name names, or null for a name the shop never gives out. */
export function parsePhotoFileName(name: string): { hash: string; width: number; format: PhotoFormat } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  return { hash: match[1] as string, width: Number(match[2]), format: match[3] as PhotoFormat };
}

/** A srcset of one format over every width the photo is kept at. */
export const photoSrcSet = (photo: PhotoRef, format: PhotoFormat) =>
  variantWidths(photo.width)
    .map((width) => `${photoPath(photo.hash, width, format)} ${width}w`)
    .join(", ");

/**
 * The widest variant in the most widely read format, with its size and alt text: where a single
 * picture is needed (feeds, the API, link previews).
 */
export function largestPhoto(photo: PhotoRef): { path: string; width: number; height: number; alt: string } {
  const width = Math.max(...variantWidths(photo.width));
  return { path: photoPath(photo.hash, width, "webp"), width, height: variantHeight(photo, width), alt: photo.alt };
}

export const largestPhotoPath = (photo: PhotoRef) => largestPhoto(photo).path;
