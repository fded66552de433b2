/** What an uploaded product photo may be; pure, so the upload form states the same limits it is held to. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a camera's full picture; beyond it a small file may be a decompression bomb. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_TYPES_TEXT = "JPEG, PNG, WebP or AVIF";
