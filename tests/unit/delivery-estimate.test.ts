import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addWorkingDays, estimateDelivery, isWorkingDay, toSingaporeDate } from "../../domain/delivery/delivery-estimate.ts";
import { holidayDataWarnings, yearsInEstimateReach } from "../../domain/delivery/holiday-coverage.ts";
import { isSingaporePublicHoliday, singaporePublicHolidays } from "../../domain/delivery/sg-public-holidays.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";

const SGT_MS = 8 * 3_600_000;

// MOM gazetted lists (https://www.mom.gov.sg/employment-practices/public-holidays), days in lieu included,
// plus Polling Day 2025. A holiday on a Saturday gives no weekday off.
const MOM_GAZETTED: Record<number, string[]> = {
  2024: ["01-01", "02-10", "02-11", "02-12", "03-29", "04-10", "05-01", "05-22", "06-17", "08-09", "10-31", "12-25"],
  2025: ["01-01", "01-29", "01-30", "03-31", "04-18", "05-01", "05-03", "05-12", "06-07", "08-09", "10-20", "12-25"],
  2026: [
    "01-01",
    "02-17",
    "02-18",
    "03-21",
    "04-03",
    "05-01",
    "05-27",
    "05-31",
    "06-01",
    "08-09",
    "08-10",
    "11-08",
    "11-09",
    "12-25",
  ],
  2027: ["01-01", "02-06", "02-07", "02-08", "03-10", "03-26", "05-01", "05-17", "05-20", "08-09", "10-28", "12-25"],
};
const MOM_HOLIDAYS = new Set(Object.entries(MOM_GAZETTED).flatMap(([year, days]) => days.map((day) => `${year}-${day}`)));

// Independent oracle for the properties: plain UTC Date arithmetic on the Singapore calendar day.
function sgDateOf(epochMs: number): string {
  return new Date(epochMs + SGT_MS).toISOString().slice(0, 10);
}
function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}
function oracleIsWorkingDay(isoDate: string): boolean {
  const weekday = weekdayOf(isoDate);
  return weekday !== 0 && weekday !== 6 && !MOM_HOLIDAYS.has(isoDate);
}
/** Working days in (from, to]. */
function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`) + DAY_MS; t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    if (oracleIsWorkingDay(new Date(t).toISOString().slice(0, 10))) count += 1;
  }
  return count;
}

describe("Singapore public holidays", () => {
  it.each([2024, 2025, 2026, 2027])("gives MOM's gazetted list for %i, days in lieu included", (year) => {
    expect([...singaporePublicHolidays(year).keys()].sort()).toEqual((MOM_GAZETTED[year] ?? []).map((day) => `${year}-${day}`));
  });

  it("takes the library's dates and the verified corrections on top", () => {
    expect(singaporePublicHolidays(2026).get("2026-04-03")).toBe("Good Friday"); // from date-holidays
    expect(isSingaporePublicHoliday("2026-08-10")).toBe(true); // National Day in lieu, from date-holidays
    expect(singaporePublicHolidays(2027).get("2027-05-20")).toBe("Vesak Day"); // a correction: missing there
    expect(isSingaporePublicHoliday("2027-03-09")).toBe(false); // a correction: MOM says 10 Mar
    expect(isSingaporePublicHoliday("2025-06-09")).toBe(false); // Hari Raya Haji on a Saturday: no Monday off
  });

  it("knows the holidays of years after the last gazetted list", () => {
    expect(singaporePublicHolidays(2028).get("2028-01-01")).toBe("New Year's Day");
    expect(singaporePublicHolidays(2028).get("2028-08-09")).toBe("National Day");
    expect(isSingaporePublicHoliday("2031-12-25")).toBe(true);
    // Far outside the years the shop runs, weekends only (and an answer, not a hang).
    expect(singaporePublicHolidays(275_760).size).toBe(0);
    // Thu 14 Aug 275760: Fri 15 (1), Mon 18 (2) ... Thu 21 (5), Fri 22 (6), Mon 25 (7).
    expect(estimateDelivery(8.64e15 - 30 * DAY_MS)).toEqual({ start: "275760-08-21", end: "275760-08-25" });
    // Mon 31 Jul 2028: Tue 1 (1) ... Fri 4 (4), Mon 7 (5), Tue 8 (6), National Day Wed 9 skipped, Thu 10 (7).
    expect(estimateDelivery("2028-07-31T10:00:00+08:00")).toEqual({ start: "2028-08-07", end: "2028-08-10" });
    // Mon 10 Apr 2028: Tue 11 (1), Wed 12 (2), Thu 13 (3), Good Friday 14 skipped, Mon 17 (4), Tue 18 (5) ... Thu 20 (7).
    expect(estimateDelivery("2028-04-10T10:00:00+08:00")).toEqual({ start: "2028-04-18", end: "2028-04-20" });
  });
});

describe("holiday data within the estimate's reach", () => {
  it("reaches this Singapore year and the next", () => {
    expect(yearsInEstimateReach(new Date("2026-11-23T10:00:00Z"))).toEqual([2026, 2027]);
    // 31 Dec 2027 20:00 UTC is already 1 Jan 2028 in Singapore.
    expect(yearsInEstimateReach(new Date("2027-12-31T20:00:00Z"))).toEqual([2028, 2029]);
  });

  it("has nothing to warn about for the years compared with MOM's lists", () => {
    expect(holidayDataWarnings([2024, 2025, 2026, 2027])).toEqual([]);
  });

  it("warns about a year with a missing holiday or no gazetted comparison", () => {
    const [warning, ...others] = holidayDataWarnings([2027, 2028]);
    expect(others).toEqual([]);
    expect(warning).toMatch(/^Singapore holidays for 2028 are incomplete: /);
    expect(warning).toContain("no date for Vesak Day"); // the library has no Vesak Day after 2026
    expect(warning).toContain("not yet compared with MOM's gazetted list");
    expect(warning).not.toContain("National Day");
  });
});

describe("estimateDelivery examples (worked out by hand)", () => {
  it.each([
    // Mon 7 Jul 2025: Tue 8 (1) ... Fri 11 (4), Mon 14 (5), Tue 15 (6), Wed 16 (7).
    ["plain Monday", "2025-07-07T10:00:00+08:00", 0, "2025-07-14", "2025-07-16"],
    // Mon 7 Jul 2025 + 2 extra: 7th and 9th working days.
    ["Monday with 2 extra days", "2025-07-07T10:00:00+08:00", 2, "2025-07-16", "2025-07-18"],
    // Fri 11 Jul 2025: Mon 14 (1) ... Fri 18 (5), Mon 21 (6), Tue 22 (7).
    ["Friday", "2025-07-11T15:00:00+08:00", 0, "2025-07-18", "2025-07-22"],
    // Sat 12 Jul 2025, offset 1: 6th and 8th working days = Mon 21, Wed 23.
    ["Saturday", "2025-07-12T09:00:00+08:00", 0, "2025-07-21", "2025-07-23"],
    // Sun 13 Jul 2025, offset 3: 8th and 10th working days = Wed 23, Fri 25.
    ["Sunday", "2025-07-13T09:00:00+08:00", 0, "2025-07-23", "2025-07-25"],
    // Sat 12 Jul 2025 + 2 extra, offset 3: Wed 23, Fri 25.
    ["Saturday with 2 extra days", "2025-07-12T09:00:00+08:00", 2, "2025-07-23", "2025-07-25"],
    // Fri 24 Jan 2025: Mon 27 (1), Tue 28 (2), CNY Wed 29 + Thu 30 skipped, Fri 31 (3), Mon 3 (4), Tue 4 (5),
    // Wed 5 (6), Thu 6 (7). Without the holidays it would be 31 Jan - 4 Feb.
    ["before Chinese New Year 2025", "2025-01-24T12:00:00+08:00", 0, "2025-02-04", "2025-02-06"],
    // Wed 4 Nov 2026: Thu 5 (1), Fri 6 (2), Deepavali Sun 8 + Mon 9 in lieu skipped, Tue 10 (3), Wed 11 (4),
    // Thu 12 (5), Fri 13 (6), Mon 16 (7).
    ["before Deepavali 2026", "2026-11-04T12:00:00+08:00", 0, "2026-11-12", "2026-11-16"],
    // Sun 6 Jul 2025 23:30 UTC is Mon 7 Jul 07:30 in Singapore: the Monday window, no Sunday offset.
    ["Sunday 23:30 UTC = Monday in Singapore", "2025-07-06T23:30:00Z", 0, "2025-07-14", "2025-07-16"],
    // Fri 11 Jul 2025 16:30 UTC is Sat 12 Jul 00:30 in Singapore: the Saturday window.
    ["Friday 16:30 UTC = Saturday in Singapore", "2025-07-11T16:30:00Z", 0, "2025-07-21", "2025-07-23"],
    // Thu 23 Dec 2027: Fri 24 (1), Christmas is Sat 25 (no day in lieu), Mon 27 (2) ... Thu 30 (5), Fri 31 (6),
    // Sat 1 Jan 2028 New Year (no day in lieu), Mon 3 Jan 2028 (7).
    ["across the end of the listed years", "2027-12-23T12:00:00+08:00", 0, "2027-12-30", "2028-01-03"],
  ] as const)("%s", (_label, orderedAt, extraDays, start, end) => {
    expect(estimateDelivery(orderedAt, extraDays)).toEqual({ start, end });
  });

  it("defaults extraDays to 0 and rejects a negative or fractional offset", () => {
    expect(estimateDelivery("2025-07-07T10:00:00+08:00")).toEqual({ start: "2025-07-14", end: "2025-07-16" });
    expect(() => estimateDelivery("2025-07-07", -1)).toThrow(RangeError);
    expect(() => estimateDelivery("2025-07-07", 1.5)).toThrow(RangeError);
  });
});

describe("order moment inputs", () => {
  const sundayNightUtc = new Date("2025-07-06T23:30:00Z"); // Monday 07:30 in Singapore

  it("reads numbers as epoch seconds, and above 1e12 as epoch milliseconds", () => {
    expect(estimateDelivery(1_751_844_600)).toEqual(estimateDelivery(sundayNightUtc));
    expect(estimateDelivery(1_751_844_600_000)).toEqual(estimateDelivery(sundayNightUtc));
    expect(toSingaporeDate(1_751_844_600)).toBe("2025-07-07");
    expect(toSingaporeDate(1e12 + 1)).toBe("2001-09-09"); // milliseconds
    expect(toSingaporeDate(1e12)).toBe(toSingaporeDate(new Date(1e15))); // exactly 1e12 is still seconds
  });

  it("reads strings without an offset as Singapore time (UTC+8)", () => {
    expect(toSingaporeDate("2025-07-06T23:30:00")).toBe("2025-07-06");
    expect(toSingaporeDate("2025-07-06T23:30:00Z")).toBe("2025-07-07");
    expect(toSingaporeDate("2025-07-06T15:59:59.999Z")).toBe("2025-07-06");
    expect(toSingaporeDate("2025-07-06T16:00:00Z")).toBe("2025-07-07");
    expect(toSingaporeDate("2025-07-07T00:30:00+09:00")).toBe("2025-07-06");
    expect(toSingaporeDate("2025-07-06T20:00-0500")).toBe("2025-07-07");
    expect(toSingaporeDate("2024-02-29")).toBe("2024-02-29");
    // A bare date is midnight in Singapore: Sun 6 Jul 2025 gets the Sunday window.
    expect(estimateDelivery("2025-07-06")).toEqual({ start: "2025-07-16", end: "2025-07-18" });
    expect(estimateDelivery("2025-07-06T23:30:00")).toEqual({ start: "2025-07-16", end: "2025-07-18" });
  });

  it.each<[string, Date | number | string]>([
    ["garbage", "garbage"],
    ["empty string", ""],
    ["impossible day", "2025-02-30"],
    ["29 Feb in a common year", "2025-02-29"],
    ["month 13", "2025-13-01"],
    ["month 0", "2025-00-10"],
    ["unpadded", "2025-7-6"],
    ["hour 24", "2025-07-06T24:00:00"],
    ["minute 60", "2025-07-06T12:60"],
    ["offset out of range", "2025-07-06T12:00:00+25:00"],
    ["offset on a bare date", "2025-07-06Z"],
    ["surrounding space", " 2025-07-06"],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["beyond the Date range", 1e20],
    ["invalid Date", new Date("nope")],
  ])("rejects %s with 'Invalid date format'", (_label, input) => {
    expect(() => estimateDelivery(input)).toThrow(new Error("Invalid date format"));
  });
});

describe("working-day helpers", () => {
  it("knows weekends and holidays, and counts working days after a date", () => {
    expect(["2025-07-11", "2025-07-12", "2025-07-13", "2026-11-09"].map(isWorkingDay)).toEqual([true, false, false, false]);
    expect(addWorkingDays("2025-01-24", 0)).toBe("2025-01-24");
    expect(addWorkingDays("2025-01-24", 3)).toBe("2025-01-31");
    expect(() => isWorkingDay("2025-02-30")).toThrow("Invalid date format");
  });
});

describe("estimateDelivery properties (orders in 2024-2027)", () => {
  const orderMs = fc.integer({ min: Date.parse("2024-01-01T00:00:00+08:00"), max: Date.parse("2027-12-31T23:59:59.999+08:00") });

  it("gives the same window for a Date, epoch seconds, epoch milliseconds and ISO strings", () => {
    fc.assert(
      fc.property(orderMs, (ms) => {
        const expected = estimateDelivery(new Date(ms));
        const localNoOffset = new Date(ms + SGT_MS).toISOString().slice(0, 23);
        for (const input of [ms, Math.floor(ms / 1000), new Date(ms).toISOString(), localNoOffset]) {
          expect(estimateDelivery(input)).toEqual(expected);
        }
        expect(toSingaporeDate(ms)).toBe(sgDateOf(ms));
      }),
    );
  });

  it("keeps the window on working days, 5+ working days out and exactly 2 working days wide", () => {
    fc.assert(
      fc.property(orderMs, fc.integer({ min: 0, max: 10 }), (ms, extraDays) => {
        const { start, end } = estimateDelivery(new Date(ms), extraDays);
        const orderDay = sgDateOf(ms);
        const weekday = weekdayOf(orderDay);
        const offset = extraDays + (weekday === 6 ? 1 : weekday === 0 ? 3 : 0);
        expect(start <= end).toBe(true);
        expect(oracleIsWorkingDay(start)).toBe(true);
        expect(oracleIsWorkingDay(end)).toBe(true);
        expect(workingDaysBetween(orderDay, start)).toBeGreaterThanOrEqual(5);
        expect(workingDaysBetween(orderDay, start)).toBe(5 + offset);
        expect(workingDaysBetween(start, end)).toBe(2);
      }),
    );
  });
});
