/**
 * The packs a default picture is made of, as SVG: carton, sachet, shot bottle and stand-up pouch,
 * each in its flavour's colours with the line's name and the flavour on it. Each is drawn with its
 * top left at the origin and says how much room it takes, so a scene can stand it on the floor.
 */
import type { SeriesCode } from "../../kernel/series.ts";
import { flavourColours, isLight, LINES, type Motif, motifFor } from "./pack-colours.ts";

export type Part = { svg: string; width: number; height: number };
export type PackOf = { series: SeriesCode; flavour: string | null };

const INK = "#2A2320";
const CREAM = "#FFF9F1";
const LEAF = "#4E9A3A";
export const FONT = "Liberation Sans, DejaVu Sans, sans-serif";

export const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SPOKES = [0, 1, 2, 3, 4, 5, 6, 7]
  .map((i) => (i * Math.PI) / 4 + Math.PI / 8)
  .map((a) => `M0 0L${(Math.cos(a) * 0.8).toFixed(3)} ${(Math.sin(a) * 0.8).toFixed(3)}`)
  .join("");
const BERRIES = [
  [-0.45, 0.2],
  [0.45, 0.2],
  [0, -0.3],
  [0, 0.6],
];

/** A fruit of radius r centred on (x, y). */
function fruit(motif: Motif, x: number, y: number, r: number, fill: string): string {
  const inner =
    motif === "citrus"
      ? `<circle r="1" fill="${fill}"/><circle r="0.82" fill="#FFF" opacity="0.45"/><path d="${SPOKES}" stroke="${fill}" stroke-width="0.09" stroke-linecap="round"/><circle r="0.1" fill="${fill}"/>`
      : motif === "berry"
        ? BERRIES.map(
            ([bx, by]) =>
              `<circle cx="${bx}" cy="${by}" r="0.5" fill="${fill}"/><circle cx="${(bx ?? 0) - 0.16}" cy="${(by ?? 0) - 0.16}" r="0.12" fill="#FFF" opacity="0.55"/>`,
          ).join("")
        : `<circle r="1" fill="${fill}"/><ellipse cx="-0.38" cy="-0.35" rx="0.22" ry="0.14" fill="#FFF" opacity="0.5" transform="rotate(-35 -0.38 -0.35)"/><path d="M0 -0.8q0.05 -0.25 0.12 -0.4" stroke="#5A3A22" stroke-width="0.1" fill="none" stroke-linecap="round"/>`;
  return `<g transform="translate(${x} ${y}) scale(${r})">${inner}</g>`;
}

/** Two fruits and a leaf on a cream disc of radius r centred on (x, y): the flavour at a glance. */
function fruitDisc({ series, flavour }: PackOf, x: number, y: number, r: number): string {
  const { main, accent } = flavourColours(series, flavour);
  const motif = motifFor(flavour);
  const k = r / 23;
  return `<g transform="translate(${x} ${y}) scale(${k})"><circle r="23" fill="${CREAM}"/>${fruit(motif, 6.4, -4.6, 9.2, accent)}<path d="M-2.3 -8c1.2-10.4 11.5-12.6 14.3-11.5c-1.2 8.7-8 12.6-14.3 11.5z" fill="${LEAF}"/>${fruit(motif, -4.1, 3.5, 11, main)}</g>`;
}

/** The line's sign on a badge of its lid colour, centred on (x, y). */
function emblem(series: SeriesCode, x: number, y: number, r: number): string {
  const { lid, emblem: sign } = LINES[series];
  return `<g transform="translate(${x} ${y}) scale(${r / 11})"><circle r="11" fill="${lid}" stroke="#FFF" stroke-width="1.5"/><path d="${sign}" transform="translate(-10 -10)" fill="#FFF" fill-rule="evenodd"/></g>`;
}

/** Text that shrinks to fit a width: the longest names stay on the pack. */
function fitted(text: string, x: number, y: number, size: number, width: number, attrs: string): string {
  const fit = Math.min(size, width / (text.length * 0.64));
  return `<text x="${x}" y="${y}" font-size="${fit.toFixed(2)}" text-anchor="middle" font-family="${FONT}" ${attrs}>${xml(text)}</text>`;
}

/** Brand, line, fruit disc, emblem and flavour on a face w wide, from its top. */
function face(pack: PackOf, w: number, top: number, scale: number): string {
  const line = LINES[pack.series];
  const { main } = flavourColours(pack.series, pack.flavour);
  const ink = isLight(main) ? INK : "#FFF";
  const cx = w / 2;
  const s = (n: number) => top + n * scale;
  const flavour = pack.flavour ?? "";
  return [
    fitted(line.name, cx, s(30), 24 * scale, w * 0.82, `font-weight="700" letter-spacing="${scale}" fill="${ink}"`),
    fitted(
      line.sub,
      cx,
      s(43),
      7.5 * scale,
      w * 0.8,
      `font-weight="700" letter-spacing="${1.6 * scale}" fill="${ink}" opacity="0.85"`,
    ),
    `<rect x="${cx - 14 * scale}" y="${s(49)}" width="${28 * scale}" height="${1.2 * scale}" rx="${0.6 * scale}" fill="${ink}" opacity="0.5"/>`,
    fruitDisc(pack, cx, s(86), 29 * scale),
    emblem(pack.series, cx + 30 * scale, s(62), 10 * scale),
    flavour &&
      `<rect x="${cx - w * 0.42}" y="${s(124)}" width="${w * 0.84}" height="${17 * scale}" rx="${8.5 * scale}" fill="#FFF" opacity="0.95"/>${fitted(flavour, cx, s(136), 9 * scale, w * 0.76, `font-weight="700" fill="${INK}"`)}`,
  ].join("");
}

const CARTON = { w: 120, h: 160, d: 34, dy: 20 };
/** How wide a carton's front face is, for standing cartons side by side. */
export const CARTON_FRONT = CARTON.w;

/** A carton in three-quarter view: front face, lid and right side receding up to the right. */
export function carton(pack: PackOf, note: string | null = null): Part {
  const { w, h, d, dy } = CARTON;
  const { main } = flavourColours(pack.series, pack.flavour);
  const { lid } = LINES[pack.series];
  const top = `M0 ${dy}L${d} 0H${w + d}L${w} ${dy}Z`;
  const side = `M${w} ${dy}L${w + d} 0V${h}L${w} ${h + dy}Z`;
  const ink = isLight(main) ? INK : "#FFF";
  const svg = [
    `<path d="${top}" fill="${lid}"/><path d="${top}" fill="url(#lidlight)"/>`,
    `<path d="${side}" fill="${main}"/><path d="${side}" fill="url(#sideshade)"/>`,
    `<rect y="${dy}" width="${w}" height="${h}" fill="${main}"/>`,
    `<rect y="${dy}" width="${w}" height="${h}" fill="url(#frontlight)"/>`,
    `<rect y="${dy}" width="${w}" height="9" fill="${lid}"/>`,
    `<g transform="translate(0 ${dy + 6})">${face(pack, w, 0, 1)}</g>`,
    note ? fitted(note, w / 2, dy + h - 4, 7, w * 0.8, `font-weight="700" letter-spacing="1" fill="${ink}" opacity="0.9"`) : "",
    `<path d="M0 ${dy}H${w}L${w + d} 0M${w} ${dy}V${h + dy}" stroke="#FFF" stroke-opacity="0.45" stroke-width="0.8" fill="none"/>`,
  ].join("");
  return { svg, width: w + d, height: h + dy };
}

const serration = (x: number, y: number, w: number, h: number) =>
  Array.from({ length: Math.floor(w / 2.5) }, (_, i) => `M${x + 1.5 + i * 2.5} ${y}v${h}`).join("");

/** A flat sachet with crimped seals top and bottom; Joffee's have a spout, as its jelly pouches do. */
export function sachet(pack: PackOf): Part {
  const [w, h] = [48, 88];
  const { main, accent } = flavourColours(pack.series, pack.flavour);
  const line = LINES[pack.series];
  const ink = isLight(main) ? INK : "#FFF";
  const spout = line.sachets === "jelly pouches";
  const lift = spout ? 12 : 0;
  const body = `M2 ${lift}H${w - 2}Q${w} ${lift + h / 2} ${w - 2} ${lift + h}H2Q0 ${lift + h / 2} 2 ${lift}Z`;
  const svg = [
    spout ? `<rect x="${w / 2 - 6}" y="0" width="12" height="${lift + 3}" rx="2" fill="${accent}"/>` : "",
    `<path d="${body}" fill="${main}"/><path d="${body}" fill="url(#sachetlight)"/>`,
    `<path d="${serration(2, lift, w - 4, 7)}${serration(2, lift + h - 7, w - 4, 7)}" stroke="#000" stroke-opacity="0.16" stroke-width="0.7"/>`,
    fitted(line.name, w / 2, lift + 22, 11, w * 0.8, `font-weight="700" fill="${ink}"`),
    fruitDisc(pack, w / 2, lift + 45, 13),
    pack.flavour ? fitted(pack.flavour, w / 2, lift + 70, 6.5, w * 0.84, `font-weight="700" fill="${ink}"`) : "",
  ].join("");
  return { svg, width: w, height: h + lift };
}

/** A glass shot bottle of the flavour's colour, with a metal cap and a cream label. */
export function shotBottle(pack: PackOf): Part {
  const { main, accent } = flavourColours(pack.series, pack.flavour);
  const line = LINES[pack.series];
  const w = 34;
  const c = w / 2;
  const body = `M${c - 6} 16V22C${c - 6} 27 0 28 0 36V88Q0 94 6 94H${w - 6}Q${w} 94 ${w} 88V36C${w} 28 ${c + 6} 27 ${c + 6} 22V16Z`;
  const svg = [
    `<path d="${body}" fill="${main}"/><path d="${body}" fill="url(#glass)"/>`,
    `<rect x="${c - 8}" y="0" width="16" height="17" rx="2.5" fill="${accent}"/><rect x="${c - 8}" y="0" width="16" height="17" rx="2.5" fill="url(#cap)"/>`,
    `<path d="M${c - 8} 4H${c + 8}M${c - 8} 8H${c + 8}M${c - 8} 12H${c + 8}" stroke="#000" stroke-opacity="0.18" stroke-width="0.8"/>`,
    `<rect x="0" y="44" width="${w}" height="34" fill="${CREAM}"/>`,
    fitted(line.name, c, 55, 8.5, w * 0.86, `font-weight="700" fill="${INK}"`),
    fruit(motifFor(pack.flavour), c, 67, 6, main),
    `<rect x="4" y="30" width="3.5" height="58" rx="1.75" fill="#FFF" opacity="0.4"/>`,
  ].join("");
  return { svg, width: w, height: 94 };
}

/** A stand-up pouch: crimped top seal with a tear notch and a zip, gusseted bottom, the pack's face. */
export function pouch(pack: PackOf): Part {
  const [w, h] = [150, 206];
  const { main } = flavourColours(pack.series, pack.flavour);
  const { lid } = LINES[pack.series];
  const outline = `M4 0H${w - 4}L${w - 2} 30C${w + 3} 90 ${w + 4} 150 ${w} ${h - 8}Q${w / 2} ${h + 4} 0 ${h - 8}C-4 150 -3 90 2 30Z`;
  const svg = [
    `<path d="${outline}" fill="${main}"/>`,
    `<path d="M2 30H${w - 2}V40H2Z" fill="${lid}" opacity="0.9"/>`,
    `<path d="${outline}" fill="url(#pouchlight)"/>`,
    `<path d="${serration(4, 2, w - 8, 14)}" stroke="#000" stroke-opacity="0.14" stroke-width="0.8"/>`,
    `<path d="M-1 12l8 4l-8 4z" fill="#FFF" opacity="0.9"/>`,
    `<path d="M4 24H${w - 4}" stroke="#FFF" stroke-opacity="0.6" stroke-width="1" stroke-dasharray="3 2"/>`,
    `<path d="M6 ${h - 18}Q${w / 2} ${h - 8} ${w - 6} ${h - 18}" stroke="#000" stroke-opacity="0.15" stroke-width="1.4" fill="none"/>`,
    `<g transform="translate(${(w - 120) / 2} 44)">${face(pack, 120, 0, 1)}</g>`,
  ].join("");
  return { svg, width: w, height: h };
}

/** The gradients the parts fill with: light from the upper left, shade on the sides away from it. */
export const PART_GRADIENTS = [
  `<linearGradient id="frontlight" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity="0.28"/><stop offset="0.5" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
  `<linearGradient id="sideshade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.36"/></linearGradient>`,
  `<linearGradient id="lidlight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#FFF" stop-opacity="0.35"/><stop offset="1" stop-color="#FFF" stop-opacity="0.1"/></linearGradient>`,
  `<linearGradient id="sachetlight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="0.25" stop-color="#FFF" stop-opacity="0.26"/><stop offset="0.55" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>`,
  `<linearGradient id="pouchlight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.2"/><stop offset="0.18" stop-color="#FFF" stop-opacity="0.06"/><stop offset="0.3" stop-color="#FFF" stop-opacity="0.28"/><stop offset="0.6" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.24"/></linearGradient>`,
  `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.3" stop-color="#FFF" stop-opacity="0.12"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
  `<linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.35" stop-color="#FFF" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
].join("");
