/** What an uploaded product photo may be; pure, so the upload form states the same limits it is held to. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a camera's full picture; beyond it a small file may be a decompression bomb. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/**
 * The fewest pixels a photo may have on its shorter side: enough to fill the product page's photo
 * column on an ordinary screen and a listing card's square on a phone's sharp one (decision 050).
 */
export const PHOTO_MIN_SIDE = 500;
export const PHOTO_TYPES_TEXT = "JPEG, PNG, WebP or AVIF";
/**
 * How many times its shorter side a photo's longer side may be: wider than any product shot, and
 * narrow enough that every variant stays within WebP's 16,383 pixels a side.
 */
export const PHOTO_MAX_ASPECT = 10;
/** The limits in a sentence's words, as upload forms state them. */
export const PHOTO_RULES_TEXT = `${PHOTO_TYPES_TEXT}, at least ${PHOTO_MIN_SIDE} pixels on the shorter side, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`;
