import type { Series } from "../../kernel/series.ts";
import type { PhotoRef } from "./photos/photo-variants.ts";

export type OptionSku = {
  skuId: string;
  qty: number;
  flavourName: string;
  format: "Nectar" | "Shots";
  retailPriceCents: number;
};

export type PurchaseOption = {
  optionId: string;
  productId: string;
  optionName: string;
  optionPriceCents: number;
  flavourName: string | null;
  isUpsellOption: boolean;
  /** Switched off by staff: not shown and not sold, like an option of an inactive product. */
  active: boolean;
  skus: OptionSku[];
  servings: number;
  /** What the same boxes cost bought one at a time: the base for a saving. */
  singleBoxValueCents: number;
  /** What buying this option saves (saving.ts): a bundle's saving, 0 for anything else. */
  savingCents: number;
  /** One of its SKUs has too little left to sell for one more (decision 046): shown, but not sold. */
  soldOut: boolean;
};

export type Product = {
  id: string;
  name: string;
  series: Series;
  kind: "box" | "shots" | "pouch" | "bundle";
  active: boolean;
  campaignDiscountExclusion: boolean;
  summary: string;
  description: string;
  path: string;
  options: PurchaseOption[];
  /** Its pictures in gallery order: its photos, or without any its default picture (productPictures). */
  images: PhotoRef[];
};

/** A product line's marketing copy, as its listing page shows it. */
export type SeriesCopy = { code: string; tagline: string; description: string };
