import { useId } from "react";

type SeriesCode = "m" | "v" | "j" | "l";
type PackKind = "box" | "shots" | "pouch" | "bundle";
type Palette = { main: string; accent: string };
type Motif = "citrus" | "berry" | "round";

export type PackIllustrationProps = {
  seriesCode: SeriesCode;
  flavourName: string | null;
  kind: PackKind;
  title: string;
  className?: string;
};

type SeriesInfo = { name: string; sub: string; fallback: Palette; flavours: Record<string, Palette> };

const SERIES: Record<SeriesCode, SeriesInfo> = {
  m: {
    name: "LUNA",
    sub: "COLLAGEN",
    fallback: { main: "#B4487A", accent: "#F4B6CB" },
    flavours: {
      "Berries Acai": { main: "#5E2B6E", accent: "#D0457F" },
      "Yuzu Delight": { main: "#F0B323", accent: "#8DB83B" },
      "Strawberry Bliss": { main: "#D8394E", accent: "#F59AA6" },
      "Lychee Luxe": { main: "#C94F74", accent: "#F6D7DE" },
      "Passionfruit Blossom": { main: "#7B3F93", accent: "#F4B23E" },
    },
  },
  v: {
    name: "V5",
    sub: "VITALITY",
    fallback: { main: "#1F7A5A", accent: "#F5C54A" },
    flavours: {
      "Citrus Zing": { main: "#EE7F1B", accent: "#FFD447" },
      "Sweet Sour Tang": { main: "#E0503A", accent: "#F9C74F" },
    },
  },
  j: {
    name: "JOFFEE",
    sub: "JELLY COFFEE",
    fallback: { main: "#6B4328", accent: "#D8A878" },
    flavours: {
      Blueberry: { main: "#33408A", accent: "#8C97E8" },
      Yuzu: { main: "#E0A319", accent: "#7A4B2A" },
    },
  },
  l: {
    name: "LEAN UP",
    sub: "CALORIE BURNING",
    fallback: { main: "#2E9467", accent: "#B9E07A" },
    flavours: {
      "Yuzu Clementine": { main: "#F39A12", accent: "#EFD43E" },
      "Calamansi Pomelo": { main: "#7FB82E", accent: "#F5A896" },
      "Cranberry Apple": { main: "#B01F3C", accent: "#8CC63F" },
      "Raspberry Chia Seeds": { main: "#D4336B", accent: "#3A3340" },
      "Grape Gooseberry": { main: "#65389A", accent: "#A9C556" },
      "Apple Cider Vinegar": { main: "#C7832A", accent: "#D84545" },
      "Tangerine Strawberry": { main: "#F26A1F", accent: "#E33A52" },
    },
  },
};

const LEAF = "#4E9A3A";
const INK = "#2A2320";
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";
const W = 112;
const H = 132;
const D = 28;
const DY = 16;

const norm = (s: string): string => s.trim().toLowerCase();

export function flavourColours(seriesCode: SeriesCode, flavourName: string | null): Palette {
  const series = SERIES[seriesCode] ?? SERIES.m;
  if (!flavourName) return series.fallback;
  const key = norm(flavourName);
  for (const info of [series, ...Object.values(SERIES)]) {
    const hit = Object.entries(info.flavours).find(([name]) => norm(name) === key);
    if (hit) return hit[1];
  }
  return series.fallback;
}

function motifFor(flavourName: string | null): Motif {
  const f = norm(flavourName ?? "");
  if (/yuzu|citrus|tang|calamansi|pomelo|clementine|tangerine|lemon|orange/.test(f)) return "citrus";
  if (/berr|grape|acai|chia|cherry/.test(f)) return "berry";
  return "round";
}

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

function Fruit({ motif, x, y, r, fill }: { motif: Motif; x: number; y: number; r: number; fill: string }) {
  if (motif === "citrus") {
    const spokes = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (i * Math.PI) / 4 + Math.PI / 8);
    return (
      <g>
        <circle cx={x} cy={y} r={r} fill={fill} />
        <circle cx={x} cy={y} r={r * 0.82} fill="#FFFFFF" opacity={0.45} />
        {spokes.map((a) => (
          <line
            key={a}
            x1={x}
            y1={y}
            x2={x + Math.cos(a) * r * 0.8}
            y2={y + Math.sin(a) * r * 0.8}
            stroke={fill}
            strokeWidth={r * 0.09}
            strokeLinecap="round"
          />
        ))}
        <circle cx={x} cy={y} r={r * 0.1} fill={fill} />
      </g>
    );
  }
  if (motif === "berry") {
    const dots: [number, number][] = [
      [-0.45, 0.2],
      [0.45, 0.2],
      [0, -0.3],
      [0, 0.6],
    ];
    return (
      <g>
        {dots.map(([dx, dy]) => (
          <g key={`${dx}${dy}`}>
            <circle cx={x + dx * r} cy={y + dy * r} r={r * 0.5} fill={fill} />
            <circle cx={x + dx * r - r * 0.16} cy={y + dy * r - r * 0.16} r={r * 0.12} fill="#FFFFFF" opacity={0.55} />
          </g>
        ))}
      </g>
    );
  }
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={fill} />
      <ellipse
        cx={x - r * 0.38}
        cy={y - r * 0.35}
        rx={r * 0.22}
        ry={r * 0.14}
        fill="#FFFFFF"
        opacity={0.5}
        transform={`rotate(-35 ${x - r * 0.38} ${y - r * 0.35})`}
      />
      <path
        d={`M${x} ${y - r * 0.8}q1 ${-r * 0.25} ${r * 0.12} ${-r * 0.4}`}
        stroke="#5A3A22"
        strokeWidth={r * 0.1}
        fill="none"
        strokeLinecap="round"
      />
    </g>
  );
}

function FruitMotif({
  flavour,
  palette,
  cx,
  cy,
  r,
}: {
  flavour: string | null;
  palette: Palette;
  cx: number;
  cy: number;
  r: number;
}) {
  const motif = motifFor(flavour);
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill="#FFF9F1" />
      <Fruit motif={motif} x={cx + r * 0.28} y={cy - r * 0.2} r={r * 0.4} fill={palette.accent} />
      <path
        d={`M${cx - r * 0.1} ${cy - r * 0.35}c${r * 0.05} ${-r * 0.45} ${r * 0.5} ${-r * 0.55} ${r * 0.62} ${-r * 0.5}c${-r * 0.05} ${r * 0.38} ${-r * 0.35} ${r * 0.55} ${-r * 0.62} ${r * 0.5}z`}
        fill={LEAF}
      />
      <Fruit motif={motif} x={cx - r * 0.18} y={cy + r * 0.15} r={r * 0.48} fill={palette.main} />
    </g>
  );
}

type ArtProps = { series: SeriesCode; flavour: string | null; cx: number; top: number; scale?: number };

function FrontArt({ series, flavour, cx, top, scale = 1 }: ArtProps) {
  const info = SERIES[series];
  const palette = flavourColours(series, flavour);
  const ink = isLight(palette.main) ? INK : "#FFFFFF";
  const label = flavour ?? "";
  const brandSize = info.name.length > 4 ? 17 : 22;
  const flavourSize = Math.min(8, 150 / Math.max(label.length, 1));
  return (
    <g transform={`translate(${cx} ${top}) scale(${scale})`} fontFamily={FONT} textAnchor="middle">
      <text y={26} fontSize={brandSize} fontWeight={800} fill={ink} letterSpacing={1}>
        {info.name}
      </text>
      <text y={38} fontSize={6.2} fontWeight={600} fill={ink} opacity={0.85} letterSpacing={1.8}>
        {info.sub}
      </text>
      <rect x={-14} y={43} width={28} height={1.2} rx={0.6} fill={ink} opacity={0.5} />
      <FruitMotif flavour={flavour} palette={palette} cx={0} cy={75} r={23} />
      {label && (
        <g>
          <rect x={-48} y={106} width={96} height={15} rx={7.5} fill="#FFFFFF" opacity={0.94} />
          <text y={116.5} fontSize={flavourSize} fontWeight={700} fill={INK}>
            {label}
          </text>
        </g>
      )}
    </g>
  );
}

type Ids = { shine: string; ground: string; pouch: string };

function Carton({ series, flavour, ids }: { series: SeriesCode; flavour: string | null; ids: Ids }) {
  const { main } = flavourColours(series, flavour);
  const top = `M0 0L${D} ${-DY}H${W + D}L${W} 0Z`;
  const side = `M${W} 0L${W + D} ${-DY}V${H - DY}L${W} ${H}Z`;
  return (
    <g>
      <path d={top} fill={main} />
      <path d={top} fill="#FFFFFF" opacity={0.38} />
      <path d={side} fill={main} />
      <path d={side} fill="#000000" opacity={0.24} />
      <rect width={W} height={H} fill={main} />
      <rect width={W} height={H} fill={`url(#${ids.shine})`} />
      <path d={`M0 0H${W}M${W} 0V${H}M${W} 0L${W + D} ${-DY}`} stroke="#FFFFFF" strokeOpacity={0.35} strokeWidth={0.8} />
      <FrontArt series={series} flavour={flavour} cx={W / 2} top={0} />
    </g>
  );
}

function Vial({ x, y, palette }: { x: number; y: number; palette: Palette }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x={-8} y={-4} width={16} height={16} rx={3} fill={palette.accent} />
      <rect x={-8} y={-4} width={16} height={16} rx={3} fill="#000000" opacity={0.12} />
      <rect x={-6} y={11} width={12} height={6} fill="#EDE7E1" />
      <rect x={-13} y={16} width={26} height={64} rx={7} fill={palette.main} />
      <rect x={-13} y={34} width={26} height={26} fill="#FFF9F1" />
      <circle cx={0} cy={47} r={6} fill={palette.accent} />
      <rect x={-9} y={21} width={3.5} height={52} rx={1.75} fill="#FFFFFF" opacity={0.35} />
    </g>
  );
}

function Pouch({ series, flavour, ids }: { series: SeriesCode; flavour: string | null; ids: Ids }) {
  const { main } = flavourColours(series, flavour);
  const zig = Array.from({ length: 12 }, (_, i) => `L${72 + (i + 0.5) * 8} ${i % 2 === 0 ? 26 : 30}L${72 + (i + 1) * 8} 30`).join(
    "",
  );
  const body = `M72 30${zig}L170 58C175 110 176 165 172 206Q120 216 68 206C64 165 65 110 70 58Z`;
  return (
    <g>
      <path d={body} fill={main} />
      <path d={body} fill={`url(#${ids.pouch})`} />
      <path d="M71 50H169" stroke="#FFFFFF" strokeOpacity={0.45} strokeWidth={1} strokeDasharray="2 2" />
      <circle cx={162} cy={40} r={2.2} fill="#FFFFFF" opacity={0.7} />
      <path d="M70 198Q120 207 170 198" stroke="#000000" strokeOpacity={0.12} strokeWidth={1.2} fill="none" />
      <FrontArt series={series} flavour={flavour} cx={120} top={62} scale={1} />
    </g>
  );
}

export function PackIllustration({ seriesCode, flavourName, kind, title, className }: PackIllustrationProps) {
  const uid = useId().replace(/:/g, "");
  const ids: Ids = { shine: `${uid}-shine`, ground: `${uid}-ground`, pouch: `${uid}-pouch` };
  const series = SERIES[seriesCode] ? seriesCode : "m";
  const names = Object.keys(SERIES[series].flavours);
  const palette = flavourColours(series, flavourName);
  return (
    <svg viewBox="0 0 240 240" role="img" aria-label={title} className={className} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <defs>
        <linearGradient id={ids.shine} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity={0.22} />
          <stop offset="0.55" stopColor="#FFFFFF" stopOpacity={0} />
          <stop offset="1" stopColor="#000000" stopOpacity={0.08} />
        </linearGradient>
        <linearGradient id={ids.pouch} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#000000" stopOpacity={0.18} />
          <stop offset="0.2" stopColor="#FFFFFF" stopOpacity={0.05} />
          <stop offset="0.32" stopColor="#FFFFFF" stopOpacity={0.22} />
          <stop offset="0.6" stopColor="#FFFFFF" stopOpacity={0} />
          <stop offset="1" stopColor="#000000" stopOpacity={0.2} />
        </linearGradient>
        <radialGradient id={ids.ground}>
          <stop offset="0" stopColor="#000000" stopOpacity={0.22} />
          <stop offset="1" stopColor="#000000" stopOpacity={0} />
        </radialGradient>
      </defs>
      <ellipse cx={124} cy={212} rx={96} ry={12} fill={`url(#${ids.ground})`} />
      {kind === "box" && (
        <g transform="translate(50 70)">
          <Carton series={series} flavour={flavourName} ids={ids} />
        </g>
      )}
      {kind === "shots" && (
        <g>
          <g transform="translate(26 76) scale(0.9)">
            <Carton series={series} flavour={flavourName} ids={ids} />
          </g>
          <Vial x={186} y={118} palette={palette} />
          <Vial x={160} y={130} palette={palette} />
          <Vial x={208} y={134} palette={palette} />
        </g>
      )}
      {kind === "pouch" && <Pouch series={series} flavour={flavourName} ids={ids} />}
      {kind === "bundle" && (
        <g>
          <g transform="translate(22 66) scale(0.66)">
            <Carton series={series} flavour={names[1] ?? null} ids={ids} />
          </g>
          <g transform="translate(118 66) scale(0.66)">
            <Carton series={series} flavour={names[2] ?? null} ids={ids} />
          </g>
          <g transform="translate(66 112) scale(0.7)">
            <Carton series={series} flavour={flavourName ?? names[0] ?? null} ids={ids} />
          </g>
        </g>
      )}
    </svg>
  );
}
