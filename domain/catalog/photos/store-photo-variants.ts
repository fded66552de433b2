import type { OperationContext } from "../../shared/context.ts";
import { PHOTO_MAX_PIXELS } from "./photo-limits.ts";
import { acceptedPicture, damagedPicture } from "./photo-rules.ts";
import { PHOTO_FORMATS, PHOTO_MIME, type PhotoFormat, variantWidths } from "./photo-variants.ts";

/** A picture the photo rules accept, with the name its variants are stored under and its upright size. */
export type AcceptedPhoto = { bytes: Uint8Array; hash: string; width: number; height: number };

/** The picture, once its bytes prove it one the photo rules accept (photo-rules.ts); nothing is decoded yet. */
export async function acceptPhoto(
  pictures: OperationContext["pictures"],
  bytes: Uint8Array,
  what?: string,
): Promise<AcceptedPhoto> {
  const facts = await acceptedPicture(pictures, bytes, what);
  return { bytes, hash: pictures.hash(bytes), width: facts.width, height: facts.height };
}

/**
 * Encodes an accepted picture to every variant (upright, scaled, without any metadata: EXIF, GPS) and
 * stores each under the key `keyOf` gives it. A picture whose pixels cannot be read is refused.
 */
export async function storePhotoVariants(
  ctx: Pick<OperationContext, "pictures" | "files">,
  photo: AcceptedPhoto,
  keyOf: (hash: string, width: number, format: PhotoFormat) => string,
): Promise<void> {
  const encoded = await ctx.pictures.encode(photo.bytes, {
    widths: variantWidths(photo.width),
    formats: PHOTO_FORMATS,
    maxPixels: PHOTO_MAX_PIXELS,
  });
  if ("unreadable" in encoded) throw damagedPicture();
  for (const variant of encoded.variants) {
    await ctx.files.put(keyOf(photo.hash, variant.width, variant.format), variant.body, PHOTO_MIME[variant.format]);
  }
}
