// The pack drawings: cartons, pouches and shot vials in each flavour's colours.

export type SeriesCode = "m" | "v" | "j" | "l";
export type PackKind = "box" | "shots" | "pouch" | "bundle";
type Palette = { main: string; accent: string };
type Motif = "citrus" | "berry" | "round";

type Pair = [main: string, accent: string];
/** lid: the carton's lid and the emblem's badge, one colour per line; emblem: the line's sign, drawn in a 20 x 20 box. */
type SeriesInfo = { name: string; sub: string; fallback: Pair; lid: string; emblem: string; flavours: Record<string, Pair> };

// Main colour (pack body) and accent (second fruit, caps) per flavour, with a fallback per series.
export const SERIES: Record<SeriesCode, SeriesInfo> = {
  m: {
    name: "LUNA",
    sub: "COLLAGEN",
    fallback: ["#B4487A", "#F4B6CB"],
    lid: "#6E2453",
    emblem: "M12 2a8 8 0 1 0 6 13A6.5 6.5 0 0 1 12 2z", // a crescent moon
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
    flavours: { "Citrus Zing": ["#EE7F1B", "#FFD447"], "Sweet Sour Tang": ["#E0503A", "#F9C74F"] },
  },
  j: {
    name: "JOFFEE",
    sub: "JELLY COFFEE",
    fallback: ["#6B4328", "#D8A878"],
    lid: "#3B2416",
    emblem: "M10 2c5 0 8 4 8 8s-3 8-8 8s-8-4-8-8s3-8 8-8zM9 4c3 3-2 9 1 12", // a coffee bean
    flavours: { Blueberry: ["#33408A", "#8C97E8"], Yuzu: ["#E8B020", "#7A4B2A"] },
  },
  l: {
    name: "LEAN UP",
    sub: "CALORIE BURNING",
    fallback: ["#2E9467", "#B9E07A"],
    lid: "#D8431C",
    emblem: "M10 1c1 4 7 6 7 11a7 7 0 0 1-14 0c0-3 2-5 3-7c0 3 2 4 2 4c0-3-1-6 2-8z", // a flame
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

const LEAF = "#4E9A3A";
const INK = "#2A2320";
const CREAM = "#FFF9F1";
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";
const [W, H, D, DY] = [112, 132, 28, 16]; // carton front width/height and 3/4 depth offsets
const SPOKES = [0, 1, 2, 3, 4, 5, 6, 7]
  .map((i) => (i * Math.PI) / 4 + Math.PI / 8)
  .map((a) => `M0 0L${(Math.cos(a) * 0.8).toFixed(3)} ${(Math.sin(a) * 0.8).toFixed(3)}`)
  .join("");
const BERRIES = [-0.45, 0.2, 0.45, 0.2, 0, -0.3, 0, 0.6]; // x, y pairs of a berry cluster

export const norm = (s: string): string => s.trim().toLowerCase();

// Every flavour's colours by its normalised name, worked out once; the first line to name a flavour gives its colours.
const FLAVOUR_COLOURS = new Map<string, Pair>();
for (const info of Object.values(SERIES)) {
  for (const [name, pair] of Object.entries(info.flavours))
    if (!FLAVOUR_COLOURS.has(norm(name))) FLAVOUR_COLOURS.set(norm(name), pair);
}

export function flavourColours(seriesCode: SeriesCode, flavourName: string | null): Palette {
  const series = SERIES[seriesCode] ?? SERIES.m;
  const key = norm(flavourName ?? "");
  // A flavour of the pack's own line first, then of any line.
  const own = Object.entries(series.flavours).find(([name]) => norm(name) === key)?.[1];
  const [main, accent] = (key !== "" && (own ?? FLAVOUR_COLOURS.get(key))) || series.fallback;
  return { main, accent };
}

function motifFor(flavourName: string | null): Motif {
  const f = norm(flavourName ?? "");
  if (/yuzu|citrus|tang|calamansi|pomelo|clementine|tangerine|lemon|orange/.test(f)) return "citrus";
  if (/berr|grape|acai|chia|cherry/.test(f)) return "berry";
  return "round";
}

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 170;
}

// A fruit of radius r centred on (x, y), drawn in unit coordinates.
function Fruit({ motif, x, y, r, fill }: { motif: Motif; x: number; y: number; r: number; fill: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${r})`}>
      {motif === "citrus" && (
        <>
          <circle r={1} fill={fill} />
          <circle r={0.82} fill="#FFFFFF" opacity={0.45} />
          <path d={SPOKES} stroke={fill} strokeWidth={0.09} strokeLinecap="round" />
          <circle r={0.1} fill={fill} />
        </>
      )}
      {motif === "berry" &&
        [0, 2, 4, 6].map((i) => (
          <g key={i} transform={`translate(${BERRIES[i]} ${BERRIES[i + 1]})`}>
            <circle r={0.5} fill={fill} />
            <circle cx={-0.16} cy={-0.16} r={0.12} fill="#FFFFFF" opacity={0.55} />
          </g>
        ))}
      {motif === "round" && (
        <>
          <circle r={1} fill={fill} />
          <ellipse cx={-0.38} cy={-0.35} rx={0.22} ry={0.14} fill="#FFFFFF" opacity={0.5} transform="rotate(-35 -0.38 -0.35)" />
          <path d="M0 -0.8q0.05 -0.25 0.12 -0.4" stroke="#5A3A22" strokeWidth={0.1} fill="none" strokeLinecap="round" />
        </>
      )}
    </g>
  );
}

/** The line's sign on a badge of its lid colour, centred on (x, y): tells the four lines apart at a glance. */
function SeriesEmblem({ series, x, y }: { series: SeriesCode; x: number; y: number }) {
  const { lid, emblem } = SERIES[series];
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r={11} fill={lid} stroke="#FFFFFF" strokeWidth={1.5} />
      <path d={emblem} transform="translate(-10 -10)" fill="#FFFFFF" fillRule="evenodd" />
    </g>
  );
}

type ArtProps = { series: SeriesCode; flavour: string | null; cx: number; top: number };

// Brand, subtitle, fruit motif in a cream disc and the flavour label, centred on cx.
function FrontArt({ series, flavour, cx, top }: ArtProps) {
  const info = SERIES[series];
  const palette = flavourColours(series, flavour);
  const motif = motifFor(flavour);
  const ink = isLight(palette.main) ? INK : "#FFFFFF";
  const label = flavour ?? "";
  return (
    <g transform={`translate(${cx} ${top})`} fontFamily={FONT} textAnchor="middle">
      <text y={26} fontSize={info.name.length > 4 ? 17 : 22} fontWeight={800} fill={ink} letterSpacing={1}>
        {info.name}
      </text>
      <text y={38} fontSize={6.2} fontWeight={600} fill={ink} opacity={0.85} letterSpacing={1.8}>
        {info.sub}
      </text>
      <rect x={-14} y={43} width={28} height={1.2} rx={0.6} fill={ink} opacity={0.5} />
      <circle cy={75} r={23} fill={CREAM} />
      <SeriesEmblem series={series} x={34} y={58} />
      <Fruit motif={motif} x={6.4} y={70.4} r={9.2} fill={palette.accent} />
      <path d="M-2.3 67c1.2-10.4 11.5-12.6 14.3-11.5c-1.2 8.7-8 12.6-14.3 11.5z" fill={LEAF} />
      <Fruit motif={motif} x={-4.1} y={78.5} r={11} fill={palette.main} />
      {label && (
        <>
          <rect x={-48} y={106} width={96} height={15} rx={7.5} fill="#FFFFFF" opacity={0.94} />
          <text y={116.5} fontSize={Math.min(8, 150 / label.length)} fontWeight={700} fill={INK}>
            {label}
          </text>
        </>
      )}
    </g>
  );
}

/** The ids of the gradients the drawings fill with. */
export type Ids = { shine: string; ground: string; pouch: string };
export type PartProps = { series: SeriesCode; flavour: string | null; ids: Ids };

// Carton in 3/4 view: front face at the origin, top and right side faces receding up-right.
export function Carton({ series, flavour, ids }: PartProps) {
  const { main } = flavourColours(series, flavour);
  const { lid } = SERIES[series];
  const top = `M0 0L${D} ${-DY}H${W + D}L${W} 0Z`;
  const side = `M${W} 0L${W + D} ${-DY}V${H - DY}L${W} ${H}Z`;
  return (
    <g>
      <path d={top} fill={lid} />
      <path d={top} fill="#FFFFFF" opacity={0.18} />
      <path d={side} fill={main} />
      <path d={side} fill="#000000" opacity={0.24} />
      <rect width={W} height={H} fill={main} />
      <rect width={W} height={H} fill={`url(#${ids.shine})`} />
      <path d={`M0 0H${W}V${H}M${W} 0L${W + D} ${-DY}`} stroke="#FFFFFF" strokeOpacity={0.35} strokeWidth={0.8} fill="none" />
      <FrontArt series={series} flavour={flavour} cx={W / 2} top={0} />
    </g>
  );
}

/** A shot vial at the origin, in the flavour's colours. */
export function Vial({ series, flavour }: Pick<PartProps, "series" | "flavour">) {
  const palette = flavourColours(series, flavour);
  const motif = motifFor(flavour);
  const body = "M-5 15C-5 20-12 19-12 27V75Q-12 80-7 80H7Q12 80 12 75V27C12 19 5 20 5 15Z";
  return (
    <g>
      <path d={body} fill={palette.main} />
      <path d={body} fill="#000000" opacity={0.06} />
      <rect x={-12} y={36} width={24} height={26} fill={CREAM} />
      <Fruit motif={motif} x={0} y={49} r={6} fill={palette.accent} />
      <rect x={-7} y={-2} width={14} height={15} rx={2.5} fill={palette.accent} />
      <path d="M-7 3H7M-7 7H7" stroke="#000000" strokeOpacity={0.15} strokeWidth={0.8} />
      <rect x={-8.5} y={24} width={3} height={50} rx={1.5} fill="#FFFFFF" opacity={0.35} />
    </g>
  );
}

const ZIGZAG = Array.from({ length: 12 }, (_, i) => `L${76 + i * 8} ${i % 2 === 0 ? 26 : 30}L${80 + i * 8} 30`).join("");
const POUCH = `M72 30${ZIGZAG}L170 58C175 110 176 165 172 206Q120 216 68 206C64 165 65 110 70 58Z`;

export function Pouch({ series, flavour, ids }: PartProps) {
  return (
    <g>
      <path d={POUCH} fill={flavourColours(series, flavour).main} />
      <path d={POUCH} fill={`url(#${ids.pouch})`} />
      <path d="M71 50H169" stroke="#FFFFFF" strokeOpacity={0.45} strokeWidth={1} strokeDasharray="2 2" />
      <circle cx={162} cy={40} r={2.2} fill="#FFFFFF" opacity={0.7} />
      <path d="M70 198Q120 207 170 198" stroke="#000000" strokeOpacity={0.12} strokeWidth={1.2} fill="none" />
      <FrontArt series={series} flavour={flavour} cx={120} top={62} />
    </g>
  );
}

// Gradient stops as "offset colour opacity" triples.
const stops = (spec: string) =>
  spec.split(",").map((stop) => {
    const [offset, colour, opacity] = stop.trim().split(" ");
    return <stop key={offset} offset={offset} stopColor={colour} stopOpacity={opacity} />;
  });

/** The gradients every drawing fills with, under the given ids. */
export function PackGradients({ ids }: { ids: Ids }) {
  return (
    <>
      <linearGradient id={ids.shine} x1="0" y1="0" x2="1" y2="1">
        {stops("0 #FFFFFF 0.22, 0.55 #FFFFFF 0, 1 #000000 0.08")}
      </linearGradient>
      <linearGradient id={ids.pouch} x1="0" y1="0" x2="1" y2="0">
        {stops("0 #000000 0.18, 0.2 #FFFFFF 0.05, 0.32 #FFFFFF 0.22, 0.6 #FFFFFF 0, 1 #000000 0.2")}
      </linearGradient>
      <radialGradient id={ids.ground}>{stops("0 #000000 0.22, 1 #000000 0")}</radialGradient>
    </>
  );
}
