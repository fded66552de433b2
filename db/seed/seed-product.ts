import type { SeriesCode } from "../../kernel/series.ts";

export type SeedSku = {
  skuId: string;
  seriesCode: SeriesCode;
  flavourName: string;
  format: "Nectar" | "Shots";
  retailPriceCents: number;
};

export type SeedOption = {
  optionId: string;
  optionName: string;
  optionPriceCents: number;
  flavourName: string | null;
  isUpsellOption: boolean;
  skus: { skuId: string; qty: number }[];
};

export type SeedProduct = {
  id: string;
  name: string;
  seriesCode: SeriesCode;
  kind: "box" | "shots" | "pouch" | "bundle";
  active: boolean;
  campaignDiscountExclusion: boolean;
  summary: string;
  description: string;
  options: SeedOption[];
};
