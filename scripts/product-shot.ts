import sharp from "sharp";

/** A line's studio colours for a made-up product shot: the carton's, and the backdrop's. */
const STUDIO: Record<string, { carton: string; backdrop: [string, string] }> = {
  m: { carton: "#B4487A", backdrop: ["#fff4f7", "#f1d9e2"] },
  v: { carton: "#EE7F1B", backdrop: ["#f3fbf6", "#d7ecdf"] },
  j: { carton: "#6B4328", backdrop: ["#fbf6ef", "#e9dccb"] },
  l: { carton: "#2E9467", backdrop: ["#f7fbef", "#e1ecc9"] },
};

const xmlEscape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A studio-style shot of a carton, drawn as SVG and rendered by sharp into a JPEG: photos for
 * development and tests, made on this machine without fetching anything.
 */
export async function productShot(
  seriesCode: string,
  label: string,
  { size = 1600, boxes = 1 } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { carton, backdrop } = STUDIO[seriesCode] ?? (STUDIO.m as (typeof STUDIO)[string]);
  const one = (x: number, y: number, scale: number) => `<g transform="translate(${x} ${y}) scale(${scale})">
      <path d="M0 0 L40 -24 H190 L150 0Z" fill="${carton}"/><path d="M0 0 L40 -24 H190 L150 0Z" fill="#fff" opacity="0.3"/>
      <path d="M150 0 L190 -24 V190 L150 214Z" fill="${carton}"/><path d="M150 0 L190 -24 V190 L150 214Z" fill="#000" opacity="0.25"/>
      <rect width="150" height="214" fill="${carton}"/>
      <rect width="150" height="214" fill="url(#shine)"/>
      <circle cx="75" cy="118" r="40" fill="#fff9f1"/>
      <text x="75" y="52" font-family="sans-serif" font-size="24" font-weight="800" fill="#fff" text-anchor="middle">${xmlEscape(label)}</text>
    </g>`;
  const spots = boxes > 1 ? [one(70, 150, 0.8), one(190, 130, 0.8), one(130, 200, 0.85)] : [one(110, 110, 1)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
    <defs>
      <radialGradient id="bg" cx="0.5" cy="0.3" r="0.85"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></radialGradient>
      <linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient>
      <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="400" height="400" fill="url(#bg)"/>
    <ellipse cx="205" cy="335" rx="150" ry="22" fill="url(#shadow)"/>
    ${spots.join("")}
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 88, mozjpeg: true }).toBuffer());
}
