import { useId } from "react";
import { Carton, type Ids, norm, PackGradients, type PackKind, Pouch, SERIES, type SeriesCode, Vial } from "./pack-art.tsx";
import { Kept } from "./rendered-once.tsx";

/**
 * What a pack illustration shows: a product line's pack of a kind, in a flavour (the line's first when
 * null); a bundle names the flavours of the boxes it holds and how many boxes there are.
 */
export type Pack = {
  seriesCode: SeriesCode;
  flavourName: string | null;
  kind: PackKind;
  bundle?: { flavours: readonly string[]; boxes: number };
};

export type PackIllustrationProps = Pack & { title: string; className?: string };

type Part = { shape: "carton" | "pouch" | "vial"; series: SeriesCode; flavour: string | null };
type Placed = { part: Part; transform?: string };

/** Where each carton, pouch and vial of a pack sits in the 240 x 240 picture. */
function layoutOf(pack: Pack): Placed[] {
  const { seriesCode, flavourName, kind } = pack;
  const series: SeriesCode = SERIES[seriesCode] ? seriesCode : "m";
  const carton = (flavour: string | null): Part => ({ shape: "carton", series, flavour });
  const vial = (transform: string): Placed => ({ part: { shape: "vial", series, flavour: flavourName }, transform });
  if (kind === "box") return [{ part: carton(flavourName), transform: "translate(50 70)" }];
  if (kind === "pouch") return [{ part: { shape: "pouch", series, flavour: flavourName } }];
  if (kind === "shots") {
    return [
      { part: carton(flavourName), transform: "translate(18 76) scale(0.9)" },
      vial("translate(176 120)"),
      vial("translate(152 132)"),
      vial("translate(200 134)"),
    ];
  }
  // Bundle: a few of the boxes it holds, each in its flavour.
  const held = pack.bundle?.flavours.length ? pack.bundle.flavours : Object.keys(SERIES[series].flavours);
  const shown = held.slice(0, BUNDLE_SPOTS.length);
  const spots = BUNDLE_SPOTS[shown.length - 1] ?? [];
  return shown.map((flavour, index) => {
    const [x, y, scale] = spots[index] ?? [0, 0, 1];
    return { part: carton(flavour), transform: `translate(${x} ${y}) scale(${scale})` };
  });
}

/** Where a bundle's cartons sit, by how many are drawn: back row first, so the front ones overlap it. */
const BUNDLE_SPOTS: [x: number, y: number, scale: number][][] = [
  [[50, 70, 1]],
  [
    [20, 76, 0.66],
    [112, 100, 0.66],
  ],
  [
    [22, 62, 0.6],
    [118, 62, 0.6],
    [66, 108, 0.64],
  ],
  [
    [6, 66, 0.5],
    [82, 54, 0.5],
    [158, 66, 0.5],
    [64, 116, 0.56],
  ],
];

function PartArt({ part, ids }: { part: Part; ids: Ids }) {
  if (part.shape === "vial") return <Vial series={part.series} flavour={part.flavour} />;
  if (part.shape === "pouch") return <Pouch series={part.series} flavour={part.flavour} ids={ids} />;
  return <Carton series={part.series} flavour={part.flavour} ids={ids} />;
}

const Ground = ({ ids }: { ids: Ids }) => <ellipse cx={124} cy={212} rx={96} ry={12} fill={`url(#${ids.ground})`} />;

/** A bundle's box count on a round tag in the top corner. */
function BoxCount({ pack }: { pack: Pack }) {
  if (!pack.bundle) return null;
  return (
    <g transform="translate(208 34)" fontFamily="system-ui, sans-serif" textAnchor="middle">
      <circle r={24} fill="#FFFFFF" stroke="#2A2320" strokeWidth={2} />
      <text y={4} fontSize={18} fontWeight={800} fill="#2A2320">{`×${pack.bundle.boxes}`}</text>
      <text y={15} fontSize={7} fontWeight={700} fill="#2A2320" letterSpacing={0.8}>
        BOXES
      </text>
    </g>
  );
}

/** A pack's gradients, ground, parts and box count, in the gradient ids given. */
function PackDrawing({ pack, ids }: { pack: Pack; ids: Ids }) {
  return (
    <>
      <defs>
        <PackGradients ids={ids} />
      </defs>
      <Ground ids={ids} />
      {layoutOf(pack).map(({ part, transform }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a pack's layout is fixed, so its positions never reorder.
        <g key={index} transform={transform}>
          <PartArt part={part} ids={ids} />
        </g>
      ))}
      <BoxCount pack={pack} />
    </>
  );
}

/** One pack drawn in full: for a page that shows one or a few (a product, the bag). */
export function PackIllustration({ title, className, ...pack }: PackIllustrationProps) {
  const uid = useId().replace(/:/g, "");
  const ids: Ids = { shine: `${uid}-shine`, ground: `${uid}-ground`, pouch: `${uid}-pouch` };
  return (
    <svg viewBox="0 0 240 240" role="img" aria-label={title} className={className} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <Kept as="g" name={`pack ${uid} ${JSON.stringify(pack)}`}>
        <PackDrawing pack={pack} ids={ids} />
      </Kept>
    </svg>
  );
}

// Listings draw each carton, pouch and vial once in PackSprite and reuse it in every PackFigure.
const SPRITE_IDS: Ids = { shine: "pack-shine", ground: "pack-ground", pouch: "pack-pouch" };

function partId(part: Part): string {
  const flavour = part.flavour ? norm(part.flavour).replace(/[^a-z0-9]+/g, "-") : "plain";
  return `pack-${part.shape}-${part.series}-${flavour}`;
}

/** The drawings the page's PackFigures use, each once; render it once per page, beside them. */
export function PackSprite({ packs }: { packs: readonly Pack[] }) {
  const parts = new Map<string, Part>();
  for (const pack of packs) {
    for (const { part } of layoutOf(pack)) parts.set(partId(part), part);
  }
  // Not display:none, which would switch off the gradients the drawings use.
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <PackGradients ids={SPRITE_IDS} />
        {[...parts].map(([id, part]) => (
          <Kept as="g" key={id} id={id} name={`sprite ${id} ${part.flavour}`}>
            <PartArt part={part} ids={SPRITE_IDS} />
          </Kept>
        ))}
      </defs>
    </svg>
  );
}

/** A pack drawn from the page's PackSprite: the same picture as PackIllustration, in a few hundred bytes. */
export function PackFigure({ title, className, ...pack }: PackIllustrationProps) {
  return (
    <svg viewBox="0 0 240 240" role="img" aria-label={title} className={className} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <Ground ids={SPRITE_IDS} />
      {layoutOf(pack).map(({ part, transform }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a pack's layout is fixed, so its positions never reorder.
        <use key={index} href={`#${partId(part)}`} transform={transform} />
      ))}
      <BoxCount pack={pack} />
    </svg>
  );
}
