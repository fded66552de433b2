export type SeriesCode = "m" | "v" | "j" | "l";

export type Series = {
  code: SeriesCode;
  name: string;
  function: string | null;
};

/** The four product lines; their slugs are the listing addresses under /shop. */
export const SERIES: readonly Series[] = [
  { code: "m", name: "Luna", function: "Collagen" },
  { code: "v", name: "V5", function: "Vitality" },
  { code: "j", name: "Joffee", function: null },
  { code: "l", name: "Lean Up", function: "Calorie Burning" },
];

export function seriesTitle(series: Pick<Series, "name" | "function">): string {
  return series.function ? `${series.name} ${series.function}` : series.name;
}

export function seriesSlug(series: Pick<Series, "name" | "function">): string {
  return seriesTitle(series).toLowerCase().trim().replace(/\s+/g, "-");
}

export function seriesByCode(code: string): Series | undefined {
  return SERIES.find((series) => series.code === code);
}

export function seriesBySlug(slug: string): Series | undefined {
  return SERIES.find((series) => seriesSlug(series) === slug);
}
