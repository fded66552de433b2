/**
 * A product as it is sold, standing in a studio: soft backdrop, floor, shadows. A box stands with a
 * few of its sachets, shots with their bottles, a pouch alone, a bundle as the boxes it holds.
 */
import type { SeriesCode } from "../../kernel/series.ts";
import { LINES } from "./pack-colours.ts";
import { CARTON_FRONT, carton, FONT, PART_GRADIENTS, type Part, pouch, sachet, shotBottle } from "./pack-parts.ts";

export type PackKind = "box" | "shots" | "pouch" | "bundle";

/** What a picture shows: a line's pack of a kind in a flavour; a bundle, the flavours of its boxes and how many. */
export type PackShot = {
  series: SeriesCode;
  kind: PackKind;
  flavour: string | null;
  bundle?: { flavours: readonly string[]; boxes: number | null };
};

/** The scene is drawn in 400 x 400 units, whatever size it is rendered at. */
const SIZE = 400;

type Placed = { part: Part; x: number; floor: number; scale: number; tilt?: number; depth?: number };

function placed({ part, x, floor, scale, tilt = 0 }: Placed): string {
  const y = floor - part.height * scale;
  const pivot = `${part.width / 2} ${part.height}`;
  return `<g transform="translate(${x} ${y}) scale(${scale}) rotate(${tilt} ${pivot})">${part.svg}</g>`;
}

/** A soft shadow under a placed part, and a darker one where it meets the floor. */
function shadow({ part, x, floor, scale, depth = 0 }: Placed): string {
  const cx = x + (part.width * scale) / 2;
  const cy = floor - (depth * scale) / 2;
  const rx = (part.width * scale) / 2;
  return [
    `<ellipse cx="${cx + 10 * scale}" cy="${cy}" rx="${rx * 1.05}" ry="${6 + depth * scale * 0.45}" fill="#3A2A20" opacity="0.28" filter="url(#soft)"/>`,
    `<ellipse cx="${cx}" cy="${floor - 1}" rx="${rx * 0.92}" ry="${2.5 * scale}" fill="#2A1E16" opacity="0.35" filter="url(#contact)"/>`,
  ].join("");
}

/** Cartons side by side, each front just clear of the one before, as large as fit the picture (and no larger than most). */
function cartonRow(parts: Part[], floor: number, most: number): Placed[] {
  const first = parts[0];
  if (!first) return [];
  const step = CARTON_FRONT + 4;
  const scale = Math.min(most, (SIZE - 30) / (step * (parts.length - 1) + first.width));
  const width = step * scale * (parts.length - 1) + first.width * scale;
  return parts.map((part, index) => ({ part, x: (SIZE - width) / 2 + index * step * scale, floor, scale, depth: 20 }));
}

function layout(shot: PackShot): Placed[] {
  const pack = { series: shot.series, flavour: shot.flavour };
  if (shot.kind === "box") {
    const bag = sachet(pack);
    return [
      { part: carton(pack), x: 24, floor: 328, scale: 1.3, depth: 20 },
      { part: bag, x: 208, floor: 342, scale: 1.26, tilt: -7 },
      { part: bag, x: 264, floor: 346, scale: 1.26, tilt: 1 },
      { part: bag, x: 318, floor: 350, scale: 1.26, tilt: 8 },
    ];
  }
  if (shot.kind === "shots") {
    const bottle = shotBottle(pack);
    return [
      { part: carton(pack, "8 × 25 ml SHOTS"), x: 34, floor: 300, scale: 1.12, depth: 20 },
      ...[197, 247, 297].map((x) => ({ part: bottle, x, floor: 306, scale: 1.4 })),
      ...[172, 222, 272, 322].map((x) => ({ part: bottle, x, floor: 350, scale: 1.5 })),
    ];
  }
  if (shot.kind === "pouch") return [{ part: pouch(pack), x: 102, floor: 342, scale: 1.3, depth: 8 }];
  const flavours = shot.bundle?.flavours.length ? shot.bundle.flavours : Object.keys(LINES[shot.series].flavours);
  const boxes = flavours.slice(0, 8).map((flavour) => carton({ series: shot.series, flavour }));
  if (boxes.length <= 3) return cartonRow(boxes, 342, 1.3);
  // More stand in two rows, the back one raised, as boxes stacked for a photo do.
  const back = Math.ceil(boxes.length / 2);
  const large = boxes.length === 4;
  return [
    ...cartonRow(boxes.slice(0, back), large ? 256 : 252, large ? 0.92 : 0.7),
    ...cartonRow(boxes.slice(back), 352, large ? 1 : 0.78),
  ];
}

/** How many boxes a bundle holds, on a round tag in the top corner. */
function boxCount(shot: PackShot): string {
  if (!shot.bundle?.boxes) return "";
  return `<g transform="translate(344 56)" font-family="${FONT}" text-anchor="middle"><circle r="36" fill="#FFF" opacity="0.96"/><circle r="31" fill="none" stroke="${LINES[shot.series].lid}" stroke-width="2"/><text y="6" font-size="26" font-weight="700" fill="#2A2320">×${shot.bundle.boxes}</text><text y="20" font-size="8.5" font-weight="700" letter-spacing="1.2" fill="#2A2320">BOXES</text></g>`;
}

/** The whole picture as SVG, px pixels square. */
export function packScene(shot: PackShot, px: number): string {
  const [light, floor] = LINES[shot.series].backdrop;
  const parts = layout(shot);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.58" stop-color="${light}"/><stop offset="0.78" stop-color="${floor}"/><stop offset="1" stop-color="${floor}"/></linearGradient>
<radialGradient id="glow" cx="0.45" cy="0.4" r="0.75"><stop offset="0" stop-color="#FFF" stop-opacity="0.7"/><stop offset="0.5" stop-color="#FFF" stop-opacity="0.35"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></radialGradient>
<radialGradient id="pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFF" stop-opacity="0.5"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-40%" y="-200%" width="180%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>
<filter id="contact" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="1.8"/></filter>
${PART_GRADIENTS}
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#wall)"/>
<rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>
<ellipse cx="200" cy="336" rx="190" ry="44" fill="url(#pool)"/>
${parts.map(shadow).join("")}
${parts.map(placed).join("")}
${boxCount(shot)}
</svg>`;
}
