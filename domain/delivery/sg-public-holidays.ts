/**
 * Singapore public holidays, written out as data (YYYY-MM-DD -> name), never computed.
 *
 * Each year is the MOM gazetted list (Ministry of Manpower, "Public Holidays for <year>"), including the
 * Monday off in lieu when a holiday falls on a Sunday. A holiday on a Saturday gives no weekday off by law,
 * so only the actual date is listed. Lunar and Islamic dates are copied from MOM, not derived.
 *
 * Extend this file every year when MOM publishes the next list (usually around June of the year before).
 * Years not listed here fall back to weekends only in the delivery estimate.
 */

type HolidayEntry = readonly [isoDate: string, name: string];

// MOM gazetted list for 2024 (press release 24 May 2023).
const HOLIDAYS_2024: readonly HolidayEntry[] = [
  ["2024-01-01", "New Year's Day"],
  ["2024-02-10", "Chinese New Year"],
  ["2024-02-11", "Chinese New Year (day 2)"],
  ["2024-02-12", "Chinese New Year (in lieu)"],
  ["2024-03-29", "Good Friday"],
  ["2024-04-10", "Hari Raya Puasa"],
  ["2024-05-01", "Labour Day"],
  ["2024-05-22", "Vesak Day"],
  ["2024-06-17", "Hari Raya Haji"],
  ["2024-08-09", "National Day"],
  ["2024-10-31", "Deepavali"],
  ["2024-12-25", "Christmas Day"],
];

// MOM gazetted list for 2025, plus Polling Day of the 2025 general election (a public holiday under
// section 35 of the Parliamentary Elections Act). Polling Day, Hari Raya Haji and National Day fall on a
// Saturday, so there is no weekday in lieu.
const HOLIDAYS_2025: readonly HolidayEntry[] = [
  ["2025-01-01", "New Year's Day"],
  ["2025-01-29", "Chinese New Year"],
  ["2025-01-30", "Chinese New Year (day 2)"],
  ["2025-03-31", "Hari Raya Puasa"],
  ["2025-04-18", "Good Friday"],
  ["2025-05-01", "Labour Day"],
  ["2025-05-03", "Polling Day"],
  ["2025-05-12", "Vesak Day"],
  ["2025-06-07", "Hari Raya Haji"],
  ["2025-08-09", "National Day"],
  ["2025-10-20", "Deepavali"],
  ["2025-12-25", "Christmas Day"],
];

// MOM gazetted list for 2026 (press release 16 June 2025). Vesak Day, National Day and Deepavali fall on a
// Sunday, so the following Mondays are holidays. Hari Raya Puasa falls on a Saturday.
const HOLIDAYS_2026: readonly HolidayEntry[] = [
  ["2026-01-01", "New Year's Day"],
  ["2026-02-17", "Chinese New Year"],
  ["2026-02-18", "Chinese New Year (day 2)"],
  ["2026-03-21", "Hari Raya Puasa"],
  ["2026-04-03", "Good Friday"],
  ["2026-05-01", "Labour Day"],
  ["2026-05-27", "Hari Raya Haji"],
  ["2026-05-31", "Vesak Day"],
  ["2026-06-01", "Vesak Day (in lieu)"],
  ["2026-08-09", "National Day"],
  ["2026-08-10", "National Day (in lieu)"],
  ["2026-11-08", "Deepavali"],
  ["2026-11-09", "Deepavali (in lieu)"],
  ["2026-12-25", "Christmas Day"],
];

// MOM gazetted list for 2027 (press release 18 June 2026). The second day of Chinese New Year falls on a
// Sunday, so Monday 8 February is a holiday. Labour Day and Christmas Day fall on a Saturday.
const HOLIDAYS_2027: readonly HolidayEntry[] = [
  ["2027-01-01", "New Year's Day"],
  ["2027-02-06", "Chinese New Year"],
  ["2027-02-07", "Chinese New Year (day 2)"],
  ["2027-02-08", "Chinese New Year (in lieu)"],
  ["2027-03-10", "Hari Raya Puasa"],
  ["2027-03-26", "Good Friday"],
  ["2027-05-01", "Labour Day"],
  ["2027-05-17", "Hari Raya Haji"],
  ["2027-05-20", "Vesak Day"],
  ["2027-08-09", "National Day"],
  ["2027-10-28", "Deepavali"],
  ["2027-12-25", "Christmas Day"],
];

/** The years this file covers; later years count weekends only until their MOM list is added. */
export const SG_PUBLIC_HOLIDAY_YEARS: readonly number[] = [2024, 2025, 2026, 2027];

export const SG_PUBLIC_HOLIDAYS: ReadonlyMap<string, string> = new Map([
  ...HOLIDAYS_2024,
  ...HOLIDAYS_2025,
  ...HOLIDAYS_2026,
  ...HOLIDAYS_2027,
]);

/** True when the Singapore calendar date (YYYY-MM-DD) is a listed public holiday or day in lieu. */
export function isSingaporePublicHoliday(isoDate: string): boolean {
  return SG_PUBLIC_HOLIDAYS.has(isoDate);
}
