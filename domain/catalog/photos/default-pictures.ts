/**
 * Each product's default picture: the product as it is sold, drawn by scripts/default-pictures.ts and
 * put through the photo pipeline, its variants served from public/photos/ (decision 061). A product
 * shows its photos when it has any, else its default picture.
 */
import type { SeriesCode } from "../../../kernel/series.ts";
import type { Product } from "../types.ts";
import made from "./default-pictures.json" with { type: "json" };
import type { PhotoRef } from "./photo-variants.ts";

/** What a default picture shows: a line's pack of a kind in its flavours; a bundle, its boxes and how many. */
export type PictureSubject = { seriesCode: SeriesCode; kind: Product["kind"]; flavours: readonly string[]; boxes: number | null };

/** The default pictures made, by their subject's key. */
export const DEFAULT_PICTURES: Readonly<Record<string, PhotoRef>> = made;

type Pictured = Pick<Product, "kind" | "options"> & { series: Pick<Product["series"], "code"> };

/** A product's subject: its pack in its first flavour, or for a bundle the flavours its main offer holds, most first. */
export function pictureSubject(product: Pictured): PictureSubject {
  const seriesCode = product.series.code;
  if (product.kind !== "bundle") {
    const lead = product.options.find((option) => option.flavourName !== null)?.flavourName;
    return { seriesCode, kind: product.kind, flavours: lead ? [lead] : [], boxes: null };
  }
  const main = product.options.find((option) => !option.isUpsellOption) ?? product.options[0];
  const skus = [...(main?.skus ?? [])].sort((a, b) => b.qty - a.qty);
  const boxes = skus.reduce((total, sku) => total + sku.qty, 0);
  return { seriesCode, kind: "bundle", flavours: [...new Set(skus.map((sku) => sku.flavourName))], boxes: boxes || null };
}

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

export const pictureKey = ({ seriesCode, kind, flavours, boxes }: PictureSubject): string =>
  [seriesCode, kind, ...(boxes ? [String(boxes)] : []), ...flavours.map(slug)].join("/");

/** The picture of a line's kind, for a product whose own subject was never drawn (one added in the back office). */
export const kindKey = (seriesCode: SeriesCode, kind: Product["kind"]) =>
  pictureKey({ seriesCode, kind, flavours: [], boxes: null });

/** A product's pictures in gallery order: its photos, or without any its default picture. */
export function productPictures(product: Pictured, photos: readonly PhotoRef[]): PhotoRef[] {
  if (photos.length > 0) return [...photos];
  const picture =
    DEFAULT_PICTURES[pictureKey(pictureSubject(product))] ?? DEFAULT_PICTURES[kindKey(product.series.code, product.kind)];
  return picture ? [picture] : [];
}
