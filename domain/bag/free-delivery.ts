import type { Product } from "../catalog/types.ts";

/** One option offered to close the gap to free delivery: what the shopper adds with one tap. */
export type GapFiller = {
  optionId: string;
  productName: string;
  flavourName: string | null;
  optionName: string;
  priceCents: number;
  path: string;
};

/** How far the bag's goods are from free delivery, and the one option offered to close the gap (none once it is closed). */
export type FreeDeliveryProgress = {
  goodsCents: number;
  thresholdCents: number;
  gapCents: number;
  /** How much of the way the goods are, 0 to 100, rounded down so it reads 100 only once delivery is free. */
  percent: number;
  suggestion: GapFiller | null;
};

/** What of the bag the offer is worked out from: its one-off and subscribed lines, by option, with the series of each. */
export type BagForGap = {
  /** The goods after any discount: what the free-delivery threshold is measured on (shipping-note.ts). */
  goodsCents: number;
  /** The chosen delivery's threshold; null: it is never free, so there is no progress to show. */
  freeFromCents: number | null;
  lines: ReadonlyArray<{ optionId: string; product: { series: { code: string } }; subscription: unknown }>;
};

/**
 * The option that closes the gap: from the products of the series the bag holds, in stock and not a
 * subscribed line (adding it again would make that line one-off), the cheapest whose price reaches
 * the gap, else the dearest (the nearest to it). Equal prices go by option id, so the choice is stable.
 */
export function chooseGapFiller(gapCents: number, bag: BagForGap, products: readonly Product[]): GapFiller | null {
  const seriesCodes = new Set(bag.lines.map((line) => line.product.series.code));
  const subscribed = new Set(bag.lines.filter((line) => line.subscription).map((line) => line.optionId));
  const candidates = products
    .filter((product) => product.active && seriesCodes.has(product.series.code))
    .flatMap((product) =>
      product.options
        .filter((option) => option.active && !option.soldOut && !subscribed.has(option.optionId))
        .map((option) => ({
          optionId: option.optionId,
          productName: product.name,
          flavourName: option.flavourName,
          optionName: option.optionName,
          priceCents: option.optionPriceCents,
          path: product.path,
        })),
    )
    .sort((a, b) => a.priceCents - b.priceCents || a.optionId.localeCompare(b.optionId));
  return candidates.find((candidate) => candidate.priceCents >= gapCents) ?? candidates.at(-1) ?? null;
}

/**
 * The bag's progress to free delivery with the chosen option; null for a bag with no goods, which has
 * nothing to make progress with, and for an option that is never free.
 */
export function freeDeliveryProgress(bag: BagForGap, products: readonly Product[]): FreeDeliveryProgress | null {
  const thresholdCents = bag.freeFromCents;
  if (bag.lines.length === 0 || thresholdCents === null) return null;
  const gapCents = Math.max(0, thresholdCents - bag.goodsCents);
  return {
    goodsCents: bag.goodsCents,
    thresholdCents,
    gapCents,
    percent: Math.min(100, Math.floor((Math.max(0, bag.goodsCents) * 100) / thresholdCents)),
    suggestion: gapCents > 0 ? chooseGapFiller(gapCents, bag, products) : null,
  };
}
