import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { optionSkus, products, purchaseOptions, series, skus } from "../../db/schema/catalog.ts";
import { productPhotos } from "../../db/schema/product-photos.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { seriesByCode } from "../../kernel/series.ts";
import type { OperationLog } from "../shared/operation-log.ts";
import { productPictures } from "./photos/default-pictures.ts";
import type { PhotoRef } from "./photos/photo-variants.ts";
import { productPath } from "./product-url.ts";
import { savingOf } from "./saving.ts";
import { servingsOf } from "./servings.ts";
import type { OptionSku, Product, PurchaseOption, SeriesCopy } from "./types.ts";

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof purchaseOptions.$inferSelect;

/**
 * Loads every product with its options, SKUs and photos in four queries. A product of a series the shop does
 * not know (a line added to the database before the code knows it) cannot be shown: it is left out
 * with a warning, and the rest of the shop carries on.
 */
export async function loadProducts(db: Database, log: Pick<OperationLog, "warn">): Promise<Product[]> {
  const productRows = await db.select().from(products).orderBy(asc(products.sortOrder));
  const optionRows = await db.select().from(purchaseOptions).orderBy(asc(purchaseOptions.sortOrder));
  const skuRows = await db
    .select({
      optionId: optionSkus.optionId,
      skuId: optionSkus.skuId,
      qty: optionSkus.qty,
      flavourName: skus.flavourName,
      format: skus.format,
      retailPriceCents: skus.retailPriceCents,
    })
    .from(optionSkus)
    .innerJoin(skus, eq(skus.skuId, optionSkus.skuId))
    .orderBy(asc(optionSkus.skuId));
  // A change that turns an option sold out or back on sale raises the catalogue revision (migration 0030).
  const stockRows = await db
    .select({ skuId: stockLevels.skuId, available: sql<number>`(${stockLevels.onHand} - ${stockLevels.held})::int` })
    .from(stockLevels);
  const available = new Map(stockRows.map((row) => [row.skuId, Number(row.available)]));
  const photoRows = await db
    .select({
      productId: productPhotos.productId,
      hash: productPhotos.hash,
      alt: productPhotos.alt,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .orderBy(asc(productPhotos.position), asc(productPhotos.createdAt));
  return assemble(
    productRows,
    optionRows,
    skuRows,
    available,
    Map.groupBy(photoRows, (row) => row.productId),
    log,
  );
}

/** Each product line's copy, keyed by series code. */
export async function loadSeriesCopy(db: Database): Promise<Map<string, SeriesCopy>> {
  const rows = await db
    .select({ code: series.code, tagline: series.tagline, description: series.description })
    .from(series)
    .orderBy(asc(series.sortOrder));
  return new Map(rows.map((row) => [row.code, row]));
}

function assemble(
  productRows: ProductRow[],
  optionRows: OptionRow[],
  skuRows: (OptionSku & { optionId: string })[],
  available: ReadonlyMap<string, number>,
  photosByProduct: Map<string, (PhotoRef & { productId: string })[]>,
  log: Pick<OperationLog, "warn">,
): Product[] {
  const skusByOption = Map.groupBy(skuRows, (row) => row.optionId);
  const optionRowsByProduct = Map.groupBy(optionRows, (row) => row.productId);
  return productRows.flatMap((row) => {
    const series = seriesByCode(row.seriesCode);
    if (!series) {
      log.warn({ productId: row.id, seriesCode: row.seriesCode }, "a product of an unknown series is left out of the catalogue");
      return [];
    }
    const options = (optionRowsByProduct.get(row.id) ?? []).map((option) =>
      toOption(row.kind, option, skusByOption.get(option.optionId) ?? [], available),
    );
    const photos = (photosByProduct.get(row.id) ?? []).map(({ productId: _productId, ...photo }) => photo);
    return {
      id: row.id,
      name: row.name,
      series,
      kind: row.kind,
      active: row.active,
      campaignDiscountExclusion: row.campaignDiscountExclusion,
      summary: row.summary,
      description: row.description,
      path: productPath(row, log),
      options,
      images: productPictures({ series, kind: row.kind, options }, photos),
    };
  });
}

function toOption(
  kind: Product["kind"],
  row: OptionRow,
  rows: (OptionSku & { optionId: string })[],
  available: ReadonlyMap<string, number>,
): PurchaseOption {
  const optionSkuList = rows.map(({ optionId: _optionId, ...sku }) => sku);
  const singleBoxValueCents = optionSkuList.reduce((total, sku) => total + sku.retailPriceCents * sku.qty, 0);
  return {
    optionId: row.optionId,
    productId: row.productId,
    optionName: row.optionName,
    optionPriceCents: row.optionPriceCents,
    flavourName: row.flavourName,
    isUpsellOption: row.isUpsellOption,
    active: row.active,
    skus: optionSkuList,
    servings: servingsOf(optionSkuList),
    singleBoxValueCents,
    savingCents: savingOf(kind, { singleBoxValueCents, optionPriceCents: row.optionPriceCents }),
    soldOut: optionSkuList.some((sku) => (available.get(sku.skuId) ?? 0) < sku.qty),
  };
}
