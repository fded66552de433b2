import { SERIES, seriesTitle } from "../../../../kernel/series.ts";

/** The series a product or a flavour may belong to, as a choice. */
export const SERIES_CHOICES = SERIES.map((series) => ({ value: series.code, label: seriesTitle(series) }));
