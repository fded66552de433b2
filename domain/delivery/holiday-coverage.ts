import { toSingaporeDate } from "./delivery-estimate.ts";
import { holidayDataGaps } from "./sg-public-holidays.ts";

/**
 * How many calendar years the delivery estimate reaches: this year and the next, since an order in late
 * December is delivered in January. The windows are at most a few weeks long.
 */
export const ESTIMATE_REACH_YEARS = 2;

/** The Singapore calendar years an estimate made at `now` may count through. */
export function yearsInEstimateReach(now: Date): number[] {
  const thisYear = Number(toSingaporeDate(now).slice(0, 4));
  return Array.from({ length: ESTIMATE_REACH_YEARS }, (_, index) => thisYear + index);
}

/** One line per year whose holiday data is incomplete, naming what is missing; empty when all are known. */
export function holidayDataWarnings(years: readonly number[]): string[] {
  return years.flatMap((year) => {
    const gaps = holidayDataGaps(year);
    return gaps.length === 0 ? [] : [`Singapore holidays for ${year} are incomplete: ${gaps.join("; ")}`];
  });
}
