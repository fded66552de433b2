import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A small picture of one colour in a format, made on the spot. */
export async function picture(
  format: "png" | "jpeg" | "webp" | "avif",
  width = 800,
  height = 600,
): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({ create: { width, height, channels: 3, background: "#c04080" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** A JPEG carrying a camera's EXIF details and a GPS position, as phones write them. */
export async function jpegWithLocation(): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({ create: { width: 1400, height: 1000, channels: 3, background: "#2e9467" } });
  const exif = { IFD0: { Make: "PhoneMaker", Copyright: "Someone" }, IFD3: { GPSLatitudeRef: "N", GPSLongitudeRef: "E" } };
  return new Uint8Array(await image.jpeg().withExif(exif).toBuffer());
}

/**
 * A PNG whose header claims width x height while it holds a few bytes: what a decompression bomb
 * looks like before it is decoded.
 */
export async function pngClaiming(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

/** A JPEG as large as a camera's for its size: noise compresses poorly, so it weighs hundreds of kilobytes. */
export async function noisyJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
  const image = sharp({ create: { width, height, channels: 3, background: "#808080", noise } });
  return new Uint8Array(await image.jpeg({ quality: 95 }).toBuffer());
}
