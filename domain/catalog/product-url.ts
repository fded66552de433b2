import { type Series, seriesByCode, seriesBySlug, seriesSlug } from "./series.ts";

const PRODUCT_ID = /^[a-z0-9]{1,32}$/;

export function isWellFormedProductId(value: string): boolean {
  return PRODUCT_ID.test(value);
}

/** /shop/{series-name}[-{function}]/{productId} */
export function productPath(product: { id: string; seriesCode: string }): string {
  const series = seriesByCode(product.seriesCode);
  if (!series) throw new Error(`Unknown series code "${product.seriesCode}" for product ${product.id}`);
  return `/shop/${seriesSlug(series)}/${product.id}`;
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
