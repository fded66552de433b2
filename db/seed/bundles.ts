import { toCents } from "../../kernel/money.ts";
import { formatOptionId } from "../../kernel/option-id.ts";
import type { SeriesCode } from "../../kernel/series.ts";
import type { SeedProduct } from "./seed-product.ts";

type BundleSpec = {
  id: string;
  seriesCode: SeriesCode;
  name: string;
  price: number;
  boxes: Record<string, number>;
  freeBox: { skuId: string; flavourName: string };
  summary: string;
  description: string;
};

const SPECS: BundleSpec[] = [
  {
    id: "lbndl4",
    seriesCode: "l",
    name: "Lean Up Kick-Start Bundle",
    price: 117.6,
    boxes: { lyc8: 1, lcp8: 1, lca8: 1, lrc8: 1 },
    freeBox: { skuId: "jbb4", flavourName: "Blueberry" },
    summary: "Four 8-serving boxes in our four most-loved Lean Up flavours.",
    description: "A month of Lean Up: Yuzu Clementine, Calamansi Pomelo, Cranberry Apple and Raspberry Chia Seeds, one box each.",
  },
  {
    id: "mbndl5",
    seriesCode: "m",
    name: "Luna Collagen Glow Collection",
    price: 146.2,
    boxes: { mba8: 1, myd8: 1, msb8: 1, mll8: 1, mpb8: 1 },
    freeBox: { skuId: "mba8", flavourName: "Berries Acai" },
    summary: "One 8-serving box of every Luna Collagen flavour.",
    description:
      "All five Luna Collagen flavours, one 8-serving box each: forty days of collagen, never the same taste twice in a row.",
  },
  {
    id: "lbndl7",
    seriesCode: "l",
    name: "Lean Up Full Rainbow Bundle",
    price: 196.9,
    boxes: { lyc8: 1, lcp8: 1, lca8: 1, lrc8: 1, lgg8: 1, lav8: 1, lts8: 1 },
    freeBox: { skuId: "lav8", flavourName: "Apple Cider Vinegar" },
    summary: "All seven Lean Up flavours, one 8-serving box each.",
    description: "Seven flavours, seven boxes, fifty-six servings: the whole Lean Up range in one delivery.",
  },
  {
    id: "vbndl10",
    seriesCode: "v",
    name: "V5 Vitality Office Stash",
    price: 275.9,
    boxes: { vcz8: 5, vst8: 5 },
    freeBox: { skuId: "vcz8", flavourName: "Citrus Zing" },
    summary: "Ten 8-shot boxes, half Citrus Zing and half Sweet Sour Tang.",
    description: "Eighty vitamin shots for the team fridge or a ten-week personal supply.",
  },
  {
    id: "mbndl12",
    seriesCode: "m",
    name: "Luna Collagen 90-Day Programme",
    price: 349.9,
    boxes: { mba8: 3, myd8: 3, msb8: 2, mll8: 2, mpb8: 2 },
    freeBox: { skuId: "msb8", flavourName: "Strawberry Bliss" },
    summary: "Twelve 8-serving boxes: the three months collagen needs to show.",
    description:
      "Visible results from collagen take about twelve weeks. This programme covers them with twelve boxes across all five flavours.",
  },
  {
    id: "lbndl24",
    seriesCode: "l",
    name: "Lean Up Six-Month Transformation",
    price: 658,
    boxes: { lyc8: 4, lcp8: 4, lca8: 4, lrc8: 4, lgg8: 4, lav8: 2, lts8: 2 },
    freeBox: { skuId: "lts8", flavourName: "Tangerine Strawberry" },
    summary: "Twenty-four 8-serving boxes for six months of Lean Up.",
    description: "Our biggest saving: twenty-four boxes across all seven flavours, delivered at once.",
  },
];

function bundleOf(spec: BundleSpec): SeedProduct {
  const skus = Object.entries(spec.boxes).map(([skuId, qty]) => ({ skuId, qty }));
  const count = skus.reduce((total, sku) => total + sku.qty, 0);
  const withFreeBox = skus.some((sku) => sku.skuId === spec.freeBox.skuId)
    ? skus.map((sku) => (sku.skuId === spec.freeBox.skuId ? { ...sku, qty: sku.qty + 1 } : sku))
    : [...skus, { skuId: spec.freeBox.skuId, qty: 1 }];
  return {
    id: spec.id,
    name: spec.name,
    seriesCode: spec.seriesCode,
    kind: "bundle",
    active: true,
    campaignDiscountExclusion: true,
    summary: spec.summary,
    description: spec.description,
    options: [
      {
        optionId: formatOptionId({ productId: spec.id, variant: null, count, unit: "b" }),
        optionName: `${count} Boxes`,
        optionPriceCents: toCents(spec.price),
        flavourName: null,
        isUpsellOption: false,
        skus,
      },
      {
        optionId: formatOptionId({ productId: spec.id, variant: null, count: count + 1, unit: "b" }),
        optionName: `${count} Boxes + 1 Free ${spec.freeBox.flavourName} Box`,
        optionPriceCents: toCents(spec.price),
        flavourName: null,
        isUpsellOption: true,
        skus: withFreeBox,
      },
    ],
  };
}

/** Bundles are already discounted, so campaign codes never apply to them. */
export const BUNDLES: SeedProduct[] = SPECS.map(bundleOf);
