import { SERIES, seriesSlug, seriesTitle } from "../../kernel/series.ts";

export const SERIES_LINKS = SERIES.map((series) => ({
  code: series.code,
  title: seriesTitle(series),
  shortTitle: series.name,
  href: `/shop/${seriesSlug(series)}`,
}));
