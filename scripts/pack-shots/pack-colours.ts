// What each line's packs look like: name, lid colour, emblem, and each flavour's colours.
import type { SeriesCode } from "../../kernel/series.ts";

type Pair = [main: string, accent: string];
/**
 * lid: the carton's lid and the emblem's badge; emblem: the line's sign, drawn in a 20 x 20 box; backdrop: the
 * studio's light and floor; sachets: what a box holds, Joffee's jelly pouches having a spout.
 */
type Line = {
  name: string;
  sub: string;
  fallback: Pair;
  lid: string;
  emblem: string;
  backdrop: Pair;
  sachets: "sachets" | "jelly pouches";
  flavours: Record<string, Pair>;
};

// Main colour (pack body) and accent (second fruit, caps) per flavour, with a fallback per line.
export const LINES: Record<SeriesCode, Line> = {
  m: {
    name: "LUNA",
    sub: "COLLAGEN",
    fallback: ["#B4487A", "#F4B6CB"],
    lid: "#6E2453",
    emblem: "M12 2a8 8 0 1 0 6 13A6.5 6.5 0 0 1 12 2z", // a crescent moon
    backdrop: ["#FFF9FA", "#F2E3E9"],
    sachets: "sachets",
    flavours: {
      "Berries Acai": ["#5E2B6E", "#D0457F"],
      "Yuzu Delight": ["#F0B323", "#8DB83B"],
      "Strawberry Bliss": ["#D8394E", "#F59AA6"],
      "Lychee Luxe": ["#C94F74", "#F29AB0"],
      "Passionfruit Blossom": ["#7B3F93", "#F4B23E"],
    },
  },
  v: {
    name: "V5",
    sub: "VITALITY",
    fallback: ["#1F7A5A", "#F5C54A"],
    lid: "#0F5E8C",
    emblem: "M12 1L4 11h5l-2 8l9-11h-5.5z", // a lightning bolt
    backdrop: ["#F8FCFA", "#E0EDE5"],
    sachets: "sachets",
    flavours: { "Citrus Zing": ["#EE7F1B", "#FFD447"], "Sweet Sour Tang": ["#E0503A", "#F9C74F"] },
  },
  j: {
    name: "JOFFEE",
    sub: "JELLY COFFEE",
    fallback: ["#6B4328", "#D8A878"],
    lid: "#3B2416",
    emblem: "M10 2c5 0 8 4 8 8s-3 8-8 8s-8-4-8-8s3-8 8-8zM9 4c3 3-2 9 1 12", // a coffee bean
    backdrop: ["#FDFAF6", "#EEE5D8"],
    sachets: "jelly pouches",
    flavours: { Blueberry: ["#33408A", "#8C97E8"], Yuzu: ["#E8B020", "#7A4B2A"] },
  },
  l: {
    name: "LEAN UP",
    sub: "CALORIE BURNING",
    fallback: ["#2E9467", "#B9E07A"],
    lid: "#D8431C",
    emblem: "M10 1c1 4 7 6 7 11a7 7 0 0 1-14 0c0-3 2-5 3-7c0 3 2 4 2 4c0-3-1-6 2-8z", // a flame
    backdrop: ["#FAFCF5", "#E6EED6"],
    sachets: "sachets",
    flavours: {
      "Yuzu Clementine": ["#F39A12", "#EFD43E"],
      "Calamansi Pomelo": ["#7FB82E", "#F5A896"],
      "Cranberry Apple": ["#B01F3C", "#8CC63F"],
      "Raspberry Chia Seeds": ["#D4336B", "#3A3340"],
      "Grape Gooseberry": ["#65389A", "#A9C556"],
      "Apple Cider Vinegar": ["#C7832A", "#D84545"],
      "Tangerine Strawberry": ["#F26A1F", "#E33A52"],
    },
  },
};

const norm = (s: string): string => s.trim().toLowerCase();

// Every flavour's colours by its normalised name; the first line to name a flavour gives its colours.
const FLAVOUR_COLOURS = new Map<string, Pair>();
for (const line of Object.values(LINES)) {
  for (const [name, pair] of Object.entries(line.flavours))
    if (!FLAVOUR_COLOURS.has(norm(name))) FLAVOUR_COLOURS.set(norm(name), pair);
}

export type Palette = { main: string; accent: string };

/** A flavour of the pack's own line first, then of any line, else the line's own colours. */
export function flavourColours(series: SeriesCode, flavour: string | null): Palette {
  const key = norm(flavour ?? "");
  const own = Object.entries(LINES[series].flavours).find(([name]) => norm(name) === key)?.[1];
  const [main, accent] = (key !== "" && (own ?? FLAVOUR_COLOURS.get(key))) || LINES[series].fallback;
  return { main, accent };
}

export type Motif = "citrus" | "berry" | "round";

export function motifFor(flavour: string | null): Motif {
  const f = norm(flavour ?? "");
  if (/yuzu|citrus|tang|calamansi|pomelo|clementine|tangerine|lemon|orange/.test(f)) return "citrus";
  if (/berr|grape|acai|chia|cherry/.test(f)) return "berry";
  return "round";
}

/** Whether dark ink reads better than white on this colour. */
export function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 170;
}
