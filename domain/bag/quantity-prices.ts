import { formatMoney } from "../../kernel/money.ts";
import { parseOptionId } from "../../kernel/option-id.ts";
import { splitInProportion } from "../../kernel/split-cents.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";

/** What a product sells n boxes of one flavour for, for each n it offers (1 → 3900, 2 → 6890, 3 → 10140). */
type Ladder = Map<number, number>;

/** A line as its quantity price sees it: a subscribed line (priced by its renewals) counts for nothing. */
export type QuantityLine = {
  optionId: string;
  quantity: number;
  lineTotalCents: number;
  subscribed: boolean;
  product: Pick<Product, "id" | "name" | "kind" | "options">;
};

/** Boxes of one product, in flavours priced alike, bought together at its quantity prices (decision 056). */
export type QuantitySaving = {
  productId: string;
  productName: string;
  boxes: number;
  /** What the boxes together cost less than their lines priced one by one: 0 when nothing. */
  savingCents: number;
  /** What one more box, any of these flavours, would add to the saving: 0 when nothing. */
  oneMoreBoxSavesCents: number;
};

const MIXABLE_KINDS: ReadonlySet<Product["kind"]> = new Set(["box", "shots"]);

/** The box counts and prices a flavour is sold at: its options of the same flavour that are sold. */
function ladderOf(options: readonly PurchaseOption[], variant: string | null): Ladder {
  const ladder: Ladder = new Map();
  for (const option of options) {
    const parsed = parseOptionId(option.optionId);
    if (!option.active || parsed?.unit !== "b" || parsed.variant !== variant) continue;
    ladder.set(parsed.count, Math.min(option.optionPriceCents, ladder.get(parsed.count) ?? Number.POSITIVE_INFINITY));
  }
  return ladder;
}

/** The least n boxes cost made up of the ladder's options (4 boxes as 2 + 2); Infinity when no mix of them makes n. */
export function cheapestFor(ladder: Ladder, boxes: number): number {
  const cost = [0];
  for (let n = 1; n <= boxes; n++) {
    let best = Number.POSITIVE_INFINITY;
    for (const [count, price] of ladder) {
      if (count <= n) best = Math.min(best, (cost[n - count] ?? Number.POSITIVE_INFINITY) + price);
    }
    cost.push(best);
  }
  return cost[boxes] ?? Number.POSITIVE_INFINITY;
}

/**
 * Counts the one-off boxes of each product together, across flavours priced alike, and prices them at
 * its quantity prices: the saving over the lines' own prices, and each line's share of it in cents
 * (in proportion to the line's price, so the shares add up exactly).
 */
export function quantitySavings(lines: readonly QuantityLine[]): { savings: QuantitySaving[]; shares: number[] } {
  const groups = new Map<string, { ladder: Ladder; indexes: number[]; boxes: number; listCents: number; line: QuantityLine }>();
  lines.forEach((line, index) => {
    const parsed = parseOptionId(line.optionId);
    if (line.subscribed || !MIXABLE_KINDS.has(line.product.kind) || parsed?.unit !== "b") return;
    const ladder = ladderOf(line.product.options, parsed.variant);
    const key = `${line.product.id}:${JSON.stringify([...ladder].sort(([a], [b]) => a - b))}`;
    const group = groups.get(key) ?? { ladder, indexes: [], boxes: 0, listCents: 0, line };
    group.indexes.push(index);
    group.boxes += parsed.count * line.quantity;
    group.listCents += line.lineTotalCents;
    groups.set(key, group);
  });
  const shares = lines.map(() => 0);
  const savings: QuantitySaving[] = [];
  for (const { ladder, indexes, boxes, listCents, line } of groups.values()) {
    const savingCents = Math.max(0, listCents - cheapestFor(ladder, boxes));
    const oneBox = ladder.get(1);
    const withOneMore = oneBox === undefined ? 0 : listCents + oneBox - cheapestFor(ladder, boxes + 1);
    const split = splitInProportion(
      savingCents,
      indexes.map((index) => lines[index]?.lineTotalCents ?? 0),
    );
    indexes.forEach((index, position) => {
      shares[index] = split[position] ?? 0;
    });
    savings.push({
      productId: line.product.id,
      productName: line.product.name,
      boxes,
      savingCents,
      oneMoreBoxSavesCents: Math.max(0, withOneMore - savingCents),
    });
  }
  return { savings, shares };
}

/** "3 boxes together": what an order's adjustment for the saving is called, with the product it is on. */
export function quantitySavingLabel(saving: Pick<QuantitySaving, "productName" | "boxes">): string {
  return `${saving.productName}: ${saving.boxes} boxes together`;
}

/** What the bag says of a product's boxes: "3 boxes together: you save S$15.60. One more box, any flavour, saves S$2.60 more." */
export function quantitySavingText(saving: Pick<QuantitySaving, "boxes" | "savingCents" | "oneMoreBoxSavesCents">): string {
  const together = saving.savingCents > 0 ? `${saving.boxes} boxes together: you save ${formatMoney(saving.savingCents)}.` : "";
  const more = saving.savingCents > 0 ? " more" : "";
  const next =
    saving.oneMoreBoxSavesCents > 0 ? `One more box, any flavour, saves ${formatMoney(saving.oneMoreBoxSavesCents)}${more}.` : "";
  return [together, next].filter(Boolean).join(" ");
}
