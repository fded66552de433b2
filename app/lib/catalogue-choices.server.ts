import { formatMoney } from "../../kernel/money.ts";
import { SERIES, seriesTitle } from "../../kernel/series.ts";
import type { SkuChoices } from "../components/admin/catalogue/option-fields.tsx";

type Sku = { skuId: string; seriesCode: string; flavourName: string; format: string; retailPriceCents: number };

/** The SKUs an option's lines may name, by series in catalogue order, each with what it is and costs alone. */
export function skuChoicesOf(skus: readonly Sku[]): SkuChoices {
  return SERIES.map((series) => ({
    series: seriesTitle(series),
    skus: skus
      .filter((sku) => sku.seriesCode === series.code)
      .map((sku) => ({
        skuId: sku.skuId,
        label: `${sku.flavourName}, ${sku.format}, ${formatMoney(sku.retailPriceCents)}`,
      })),
  })).filter((group) => group.skus.length > 0);
}

/** Every flavour any SKU is made in, in alphabetical order, for an option's flavour. */
export function flavourNamesOf(skus: readonly Sku[]): string[] {
  return [...new Set(skus.map((sku) => sku.flavourName))].sort((a, b) => a.localeCompare(b));
}
