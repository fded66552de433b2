/**
 * Where the shop's Singapore calendar differs from the date-holidays library: each entry was checked
 * against the Ministry of Manpower's gazetted list ("Public Holidays for <year>",
 * https://www.mom.gov.sg/employment-practices/public-holidays) and notes its source.
 *
 * Every year up to VERIFIED_THROUGH_YEAR has been compared date for date; the library agrees on all the
 * other days. When MOM publishes the next year (usually around June of the year before), compare it
 * with the library's dates, add the differences here (days in lieu for a Sunday Vesak Day, Hari Raya or
 * Deepavali are the usual ones) and move VERIFIED_THROUGH_YEAR on.
 */

export type HolidayCorrection =
  | { kind: "add"; isoDate: string; name: string; source: string }
  | { kind: "remove"; isoDate: string; source: string };

export const VERIFIED_THROUGH_YEAR = 2027;

export const HOLIDAY_CORRECTIONS: readonly HolidayCorrection[] = [
  // The library keeps the Sunday date for Hari Raya Haji 2024.
  {
    kind: "remove",
    isoDate: "2024-06-16",
    source: "MOM list for 2024 (press release 24 May 2023): Hari Raya Haji is Mon 17 Jun",
  },
  { kind: "add", isoDate: "2024-06-17", name: "Hari Raya Haji", source: "MOM list for 2024 (press release 24 May 2023)" },
  // Elections are gazetted one at a time; the library only knows the 2023 presidential one.
  {
    kind: "add",
    isoDate: "2025-05-03",
    name: "Polling Day",
    source: "General election 2025, a public holiday under section 35 of the Parliamentary Elections Act",
  },
  // The library computes the Islamic dates and has no Vesak Day after 2026.
  {
    kind: "remove",
    isoDate: "2027-03-09",
    source: "MOM list for 2027 (press release 18 June 2026): Hari Raya Puasa is Wed 10 Mar",
  },
  { kind: "add", isoDate: "2027-03-10", name: "Hari Raya Puasa", source: "MOM list for 2027 (press release 18 June 2026)" },
  {
    kind: "remove",
    isoDate: "2027-05-16",
    source: "MOM list for 2027 (press release 18 June 2026): Hari Raya Haji is Mon 17 May",
  },
  { kind: "add", isoDate: "2027-05-17", name: "Hari Raya Haji", source: "MOM list for 2027 (press release 18 June 2026)" },
  { kind: "add", isoDate: "2027-05-20", name: "Vesak Day", source: "MOM list for 2027 (press release 18 June 2026)" },
];
