import type { PictureEncoder, PictureFacts } from "../../../integrations/images/photo-encoder.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { PHOTO_MAX_ASPECT, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE, PHOTO_TYPES_TEXT } from "./photo-limits.ts";

const refused = (problem: string) => new AppError("BAD_USER_INPUT", problem, { image: problem });

/** A file over the photo limit: refused here, or by the upload's body limit before it is read. */
export const pictureTooLarge = () => refused(`The picture is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);

/**
 * The picture's format and upright size, once its bytes (never its name or declared type) prove it a
 * JPEG, PNG, WebP or AVIF of at most PHOTO_MAX_PIXELS, no longer than PHOTO_MAX_ASPECT times as wide
 * as tall or as tall as wide, and at least PHOTO_MIN_SIDE pixels on its shorter side. Only the
 * header is read: nothing is decoded yet. `what` names the photo in the words of a refusal.
 */
export async function acceptedPicture(
  pictures: PictureEncoder,
  bytes: Uint8Array,
  what = "a product photo",
): Promise<PictureFacts> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw pictureTooLarge();
  const facts = await pictures.facts(bytes);
  if (!facts || facts.format === "other") throw refused(`That file is not a ${PHOTO_TYPES_TEXT} picture.`);
  if (facts.width * facts.height > PHOTO_MAX_PIXELS) {
    throw refused(`The picture has more than ${PHOTO_MAX_PIXELS / 1_000_000} million pixels.`);
  }
  if (Math.max(facts.width, facts.height) > PHOTO_MAX_ASPECT * Math.min(facts.width, facts.height)) {
    throw refused(`The picture is more than ${PHOTO_MAX_ASPECT} times as long as it is wide: crop it closer to the product.`);
  }
  if (Math.min(facts.width, facts.height) < PHOTO_MIN_SIDE) {
    throw refused(
      `The picture is ${facts.width} × ${facts.height} pixels: ${what} needs at least ${PHOTO_MIN_SIDE} pixels on its shorter side.`,
    );
  }
  return facts;
}

/** A picture whose header reads but whose pixels do not: cut short in the upload, or damaged. */
export const damagedPicture = () =>
  refused("The picture is damaged or cut short: its pixels cannot be read. Save it again and upload the new file.");
