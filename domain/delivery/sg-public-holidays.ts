import Holidays from "date-holidays";
import { HOLIDAY_CORRECTIONS, type HolidayCorrection, VERIFIED_THROUGH_YEAR } from "./holiday-corrections.ts";

/**
 * Singapore public holidays for any year: the date-holidays library's Singapore calendar with the
 * shop's verified corrections (holiday-corrections.ts) on top. Dates are Singapore calendar dates,
 * YYYY-MM-DD. See docs/decisions/019-delivery-calendar-and-prefilled-forms.md.
 */

/** The holidays the Holidays Act gives every year; a year missing one of them lacks holiday data. */
export const YEARLY_HOLIDAYS: readonly string[] = [
  "New Year's Day",
  "Chinese New Year",
  "Good Friday",
  "Hari Raya Puasa",
  "Labour Day",
  "Vesak Day",
  "Hari Raya Haji",
  "National Day",
  "Deepavali",
  "Christmas Day",
];

const library = new Holidays("SG", { languages: "en", types: ["public"] });
/** The years the library is asked about: it takes seconds or hangs on years far outside them. */
const LIBRARY_YEARS = { first: 1970, last: 9999 };
const byYear = new Map<number, ReadonlyMap<string, string>>();

function correctionsFor(year: number): HolidayCorrection[] {
  return HOLIDAY_CORRECTIONS.filter((correction) => correction.isoDate.startsWith(`${year}-`));
}

/** Joins the names of two holidays on one date. */
const SAME_DAY = " and ";

/** Every public holiday and day in lieu of the year, date -> name. */
export function singaporePublicHolidays(year: number): ReadonlyMap<string, string> {
  const known = byYear.get(year);
  if (known) return known;
  const holidays = new Map<string, string>();
  const inRange = year >= LIBRARY_YEARS.first && year <= LIBRARY_YEARS.last;
  for (const holiday of (inRange && library.getHolidays(year)) || []) {
    // The library starts Islamic holidays at sunset the evening before; the day itself is the date's prefix.
    if (holiday.type !== "public") continue;
    const isoDate = holiday.date.slice(0, 10);
    const sameDay = holidays.get(isoDate);
    holidays.set(isoDate, sameDay && sameDay !== holiday.name ? `${sameDay}${SAME_DAY}${holiday.name}` : holiday.name);
  }
  for (const correction of correctionsFor(year)) {
    if (correction.kind === "add") holidays.set(correction.isoDate, correction.name);
    else holidays.delete(correction.isoDate);
  }
  byYear.set(year, holidays);
  return holidays;
}

/** True when the Singapore calendar date (YYYY-MM-DD) is a public holiday or day in lieu. */
export function isSingaporePublicHoliday(isoDate: string): boolean {
  return singaporePublicHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/**
 * What the calendar may get wrong in a year: each yearly holiday it has no date for, and, past the last
 * year compared with MOM's gazetted list, that days in lieu may be missing. Empty when the year is complete.
 */
export function holidayDataGaps(year: number): string[] {
  const names = new Set([...singaporePublicHolidays(year).values()].flatMap((name) => name.split(SAME_DAY)));
  const missing = YEARLY_HOLIDAYS.filter((name) => !names.has(name)).map((name) => `no date for ${name}`);
  if (year > VERIFIED_THROUGH_YEAR) missing.push("not yet compared with MOM's gazetted list (days in lieu may be missing)");
  return missing;
}
