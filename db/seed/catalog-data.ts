import { countLabel } from "../../kernel/count-label.ts";
import { toCents } from "../../kernel/money.ts";
import { formatOptionId, type OptionUnit } from "../../kernel/option-id.ts";
import type { SeriesCode } from "../../kernel/series.ts";
import { BUNDLES } from "./bundles.ts";
import { FLAVOURS, type Flavour } from "./flavours.ts";
import type { SeedProduct, SeedSku } from "./seed-product.ts";

type Tier = { count: number; price: number };
const EIGHT_SERVING_TIERS: Tier[] = [
  { count: 1, price: 39 },
  { count: 2, price: 68.9 },
  { count: 3, price: 101.4 },
];
const FOUR_SERVING_TIERS: Tier[] = [
  { count: 1, price: 19.5 },
  { count: 3, price: 48.9 },
  { count: 5, price: 79.5 },
];
const JOFFEE_TIERS: Tier[] = [{ count: 1, price: 12.9 }];
const POUCH_PRICE = 4.88;

type SizeLine = {
  productId: string;
  seriesCode: SeriesCode;
  name: string;
  kind: SeedProduct["kind"];
  format: SeedSku["format"];
  skuSuffix: "8" | "4" | "pu";
  unit: OptionUnit;
  tiers: Tier[];
  active: boolean;
  flavours?: readonly Flavour[];
  summary: string;
  description: string;
};

export const SIZE_LINES: SizeLine[] = [
  line(
    "m8",
    "m",
    "Luna Collagen Nectar, 8-serving box",
    "box",
    "Nectar",
    "8",
    "b",
    EIGHT_SERVING_TIERS,
    true,
    "Eight sachets of marine collagen nectar in a box.",
    "Our best-selling box: eight 30 ml sachets, each with 5,000 mg of marine collagen peptides and 80 mg of vitamin C. Mix flavours across boxes and save on two or three.",
  ),
  line(
    "m4",
    "m",
    "Luna Collagen Nectar, 4-serving box",
    "box",
    "Nectar",
    "4",
    "b",
    FOUR_SERVING_TIERS,
    false,
    "The original four-sachet box.",
    "The original four-sachet box of Luna Collagen, replaced by the 8-serving box.",
  ),
  line(
    "mpu",
    "m",
    "Luna Collagen Nectar pouch",
    "pouch",
    "Nectar",
    "pu",
    "pu",
    [{ count: 1, price: POUCH_PRICE }],
    true,
    "A single sachet to try a flavour.",
    "One 30 ml sachet of Luna Collagen in the flavour of your choice: the easiest way to find your favourite.",
  ),
  line(
    "vs8",
    "v",
    "V5 Vitality shots, 8-shot box",
    "shots",
    "Shots",
    "8",
    "b",
    EIGHT_SERVING_TIERS,
    true,
    "Eight 25 ml vitamin shots in a box.",
    "Eight 25 ml shots of five vitamins and Korean red ginseng, bright and tangy. Keep a box at your desk.",
  ),
  line(
    "v4",
    "v",
    "V5 Vitality Nectar, 4-serving box",
    "box",
    "Nectar",
    "4",
    "b",
    FOUR_SERVING_TIERS,
    false,
    "The original four-serving nectar.",
    "The original four-serving V5 Vitality nectar, replaced by the shot box.",
  ),
  line(
    "j4",
    "j",
    "Joffee jelly coffee, 4-serving box",
    "box",
    "Nectar",
    "4",
    "b",
    JOFFEE_TIERS,
    true,
    "Four jelly coffee pouches.",
    "Four 150 g pouches of Arabica cold-brew jelly with prebiotic fibre and no added sugar.",
  ),
  line(
    "l8",
    "l",
    "Lean Up Nectar, 8-serving box",
    "box",
    "Nectar",
    "8",
    "b",
    EIGHT_SERVING_TIERS,
    true,
    "Eight sachets of calorie-burning nectar.",
    "Eight 30 ml sachets with green coffee bean extract, L-carnitine and garcinia cambogia. Seven fruit flavours to rotate through the week.",
  ),
  line(
    "l4",
    "l",
    "Lean Up Nectar, 4-serving trial box",
    "box",
    "Nectar",
    "4",
    "b",
    FOUR_SERVING_TIERS,
    true,
    "A four-sachet trial box in our two classic flavours.",
    "Four sachets of Lean Up in Yuzu Clementine or Calamansi Pomelo: a week's trial before you commit to the 8-serving box.",
    FLAVOURS.l.slice(0, 2),
  ),
];

function line(
  productId: string,
  seriesCode: SeriesCode,
  name: string,
  kind: SizeLine["kind"],
  format: SizeLine["format"],
  skuSuffix: SizeLine["skuSuffix"],
  unit: OptionUnit,
  tiers: Tier[],
  active: boolean,
  summary: string,
  description: string,
  flavours?: readonly Flavour[],
): SizeLine {
  return { productId, seriesCode, name, kind, format, skuSuffix, unit, tiers, active, summary, description, flavours };
}

export function skuIdFor(seriesCode: SeriesCode, flavourCode: string, suffix: SizeLine["skuSuffix"]): string {
  return `${seriesCode}${flavourCode}${suffix}`;
}

function unitLabel(count: number, unit: OptionUnit): string {
  return unit === "pu" ? countLabel(count, "Pouch", "Pouches") : countLabel(count, "Box", "Boxes");
}

function retailPriceOf(sizeLine: SizeLine): number {
  return sizeLine.tiers[0]?.price ?? 0;
}

function skusOf(sizeLine: SizeLine): SeedSku[] {
  return (sizeLine.flavours ?? FLAVOURS[sizeLine.seriesCode]).map((flavour) => ({
    skuId: skuIdFor(sizeLine.seriesCode, flavour.code, sizeLine.skuSuffix),
    seriesCode: sizeLine.seriesCode,
    flavourName: flavour.name,
    format: sizeLine.format,
    retailPriceCents: toCents(retailPriceOf(sizeLine)),
  }));
}

function productOf(sizeLine: SizeLine): SeedProduct {
  const flavours = sizeLine.flavours ?? FLAVOURS[sizeLine.seriesCode];
  const options = flavours.flatMap((flavour) =>
    sizeLine.tiers.map((tier) => ({
      optionId: formatOptionId({ productId: sizeLine.productId, variant: flavour.code, count: tier.count, unit: sizeLine.unit }),
      optionName: unitLabel(tier.count, sizeLine.unit),
      optionPriceCents: toCents(tier.price),
      flavourName: flavour.name,
      isUpsellOption: false,
      skus: [{ skuId: skuIdFor(sizeLine.seriesCode, flavour.code, sizeLine.skuSuffix), qty: tier.count }],
    })),
  );
  return {
    id: sizeLine.productId,
    name: sizeLine.name,
    seriesCode: sizeLine.seriesCode,
    kind: sizeLine.kind,
    active: sizeLine.active,
    campaignDiscountExclusion: false,
    summary: sizeLine.summary,
    description: sizeLine.description,
    options,
  };
}

/** The inactive pouch samplers whose options stay purchasable by id (SPEC §5). */
const POUCH_SAMPLERS: SeedProduct[] = [6, 12].map((count) => ({
  id: `pmbas${count}`,
  name: `Luna Collagen Berries Acai pouch sampler, ${count} pouches`,
  seriesCode: "m",
  kind: "pouch",
  active: false,
  campaignDiscountExclusion: false,
  summary: `${count} Berries Acai pouches.`,
  description: `A sampler of ${count} Luna Collagen Berries Acai pouches, sold through partner promotions.`,
  options: [
    {
      optionId: formatOptionId({ productId: `pmbas${count}`, variant: null, count, unit: "pu" }),
      optionName: unitLabel(count, "pu"),
      optionPriceCents: toCents(POUCH_PRICE * count),
      flavourName: "Berries Acai",
      isUpsellOption: false,
      skus: [{ skuId: skuIdFor("m", "ba", "pu"), qty: count }],
    },
  ],
}));

export const SEED_SKUS: SeedSku[] = SIZE_LINES.flatMap(skusOf);
export const SEED_PRODUCTS: SeedProduct[] = [...SIZE_LINES.map(productOf), ...POUCH_SAMPLERS, ...BUNDLES];
