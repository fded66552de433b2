import { type Series, seriesByCode, seriesBySlug, seriesSlug } from "../../kernel/series.ts";
import type { OperationLog } from "../shared/operation-log.ts";

/** The shop's front, where a link goes when it cannot go to its product. */
export const SHOP_PATH = "/shop";

const PRODUCT_ID = /^[a-z0-9]{1,32}$/;

export function isWellFormedProductId(value: string): boolean {
  return PRODUCT_ID.test(value);
}

/**
 * /shop/{series-name}[-{function}]/{productId}. A product of a series the shop does not know has no
 * page: its link is logged as a warning and goes to the shop's front instead (SPEC.md §8).
 */
export function productPath(product: { id: string; seriesCode: string }, log: Pick<OperationLog, "warn">): string {
  const series = seriesByCode(product.seriesCode);
  if (series) return `/shop/${seriesSlug(series)}/${product.id}`;
  log.warn({ productId: product.id, seriesCode: product.seriesCode }, "product link for an unknown series goes to /shop");
  return SHOP_PATH;
}

export type ProductAddress = { series: Series; productId: string };

/** The reverse of productPath: null when the series slug is unknown or the id is malformed. */
export function parseProductPath(pathname: string): ProductAddress | null {
  const match = /^\/shop\/([a-z0-9-]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  const series = seriesBySlug(match[1]);
  if (!series || !isWellFormedProductId(match[2])) return null;
  return { series, productId: match[2] };
}
