/**
 * Reading and re-encoding uploaded pictures with sharp (libvips). Formats are told by the bytes
 * themselves, never by a file name or a declared type.
 */
import { createHash } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";

/** The picture formats a product photo may arrive in, as sharp names what it finds in the bytes. */
export type PictureFormat = "jpeg" | "png" | "webp" | "avif";

export type PictureFacts = { format: PictureFormat | "other"; width: number; height: number };

type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;

/** Raised by the encoder's settings, so files stored under an older hash are never overwritten. */
const ENCODING_VERSION = "2";

/**
 * What the bytes are, read from their header only (nothing is decoded), with the size the picture
 * has once turned upright; null when they are no picture sharp can read.
 */
export async function pictureFacts(bytes: Uint8Array): Promise<PictureFacts | null> {
  let meta: Metadata;
  try {
    // No pixel limit here: only the header is read, and the caller refuses a picture too large with its own words.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height) return null;
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  return { format: formatOf(meta), width, height };
}

function formatOf(meta: Metadata): PictureFacts["format"] {
  if (meta.format === "jpeg" || meta.format === "png" || meta.format === "webp") return meta.format;
  // AVIF is a HEIF container holding AV1; HEIC (HEVC) is not accepted.
  if (meta.format === "heif" && meta.compression === "av1") return "avif";
  return "other";
}

/** What the shop asks of a picture library: the port operations reach it through (ctx.pictures). */
export type PictureEncoder = {
  facts: typeof pictureFacts;
  hash: typeof pictureHash;
  encode: typeof encodeVariants;
};

/** The picture library the shop runs with: sharp, in this process. */
export function createSharpPictureEncoder(): PictureEncoder {
  return { facts: pictureFacts, hash: pictureHash, encode: encodeVariants };
}

/** A name for the picture's encodings: the same bytes always give the same name, other bytes another. */
export function pictureHash(bytes: Uint8Array): string {
  return createHash("sha256").update(ENCODING_VERSION).update(bytes).digest("hex").slice(0, 16);
}

export type EncodedVariant = { width: number; format: "avif" | "webp"; body: Uint8Array };

/**
 * The variants, or why the upload's pixels could not be decoded (the file is cut short or damaged,
 * or holds more than the pixel limit): that is the upload's fault, where a failure to encode is ours.
 */
export type EncodedPicture = { variants: EncodedVariant[] } | { unreadable: string };

/**
 * The picture turned upright and scaled to each width, in each format, with every piece of metadata
 * (EXIF, GPS, XMP, ICC names) left out: sharp writes none unless asked. It is decoded once, at the
 * largest width, stopping at maxPixels; each variant is scaled from that.
 */
export async function encodeVariants(
  bytes: Uint8Array,
  { widths, formats, maxPixels }: { widths: readonly number[]; formats: readonly ("avif" | "webp")[]; maxPixels: number },
): Promise<EncodedPicture> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
  const { width: decodedWidth, height, channels } = decoded.info;
  const jobs = widths.flatMap((width) =>
    formats.map(async (format): Promise<EncodedVariant> => {
      const scaled = sharp(decoded.data, { raw: { width: decodedWidth, height, channels } }).resize({
        width,
        withoutEnlargement: true,
      });
      const encoded = format === "avif" ? scaled.avif({ quality: 55, effort: 2 }) : scaled.webp({ quality: 78 });
      return { width, format, body: new Uint8Array(await encoded.toBuffer()) };
    }),
  );
  return { variants: await Promise.all(jobs) };
}
