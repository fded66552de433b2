import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A small picture of one colour in a format, made on the spot. */
export async function picture(format: "png" | "jpeg" | "webp" | "avif", width = 800, height = 600): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: "#c04080" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** A JPEG carrying a camera's EXIF details and a GPS position, as phones write them. */
export async function jpegWithLocation(): Promise<Uint8Array> {
  const image = sharp({ create: { width: 1400, height: 1000, channels: 3, background: "#2e9467" } });
  const exif = { IFD0: { Make: "PhoneMaker", Copyright: "Someone" }, IFD3: { GPSLatitudeRef: "N", GPSLongitudeRef: "E" } };
  return new Uint8Array(await image.jpeg().withExif(exif).toBuffer());
}

/**
 * A PNG whose header claims width x height while it holds a few bytes: what a decompression bomb
 * looks like before it is decoded.
 */
export async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

/** A studio-style shot of a carton in a colour, drawn as SVG and photographed by sharp: a JPEG to upload. */
export async function productShot(colour: string, label: string, width = 1600, height = 1600): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 400">
    <defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#fdf7f0"/><stop offset="1" stop-color="#e9ddd0"/></radialGradient></defs>
    <rect width="400" height="400" fill="url(#bg)"/>
    <ellipse cx="205" cy="330" rx="120" ry="16" fill="#000" opacity="0.18"/>
    <path d="M110 110 L150 86 H300 L260 110Z" fill="${colour}" opacity="0.75"/>
    <path d="M260 110 L300 86 V300 L260 324Z" fill="${colour}"/><path d="M260 110 L300 86 V300 L260 324Z" fill="#000" opacity="0.25"/>
    <rect x="110" y="110" width="150" height="214" fill="${colour}"/>
    <circle cx="185" cy="220" r="42" fill="#fff9f1"/>
    <text x="185" y="160" font-family="sans-serif" font-size="22" font-weight="800" fill="#fff" text-anchor="middle">${label}</text>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}
