import { describe, expect, it } from "vitest";
import { addCalendarMonths, daysLeft, expiryClock, warningDue } from "../../domain/loyalty/expiry/expiry-dates.ts";
import type { ProgrammeSchedule } from "../../domain/loyalty/programme/programme.ts";
import type { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { V1_RULES, V1_SCHEDULE } from "../setup/programme-fixtures.ts";

const at = (text: string) => new Date(text);
/** Version 1, then versions with these expiry periods (null: off) taking effect at these times. */
function schedule(...later: [string, number | null][]): ProgrammeSchedule {
  return [
    ...V1_SCHEDULE,
    ...later.map(([effective, months], index) => ({
      number: index + 2,
      effectiveAt: at(effective),
      rules: { ...V1_RULES, expiry: { months, warningDays: [30, 3] } } satisfies ProgrammeRules,
      publishedBy: "owner@example.com",
      publishedAt: at(effective),
    })),
  ];
}

describe("points expiry dates", () => {
  it("adds Singapore calendar months, a day the month lacks becoming its last", () => {
    expect(addCalendarMonths("2026-03-15", 12)).toBe("2027-03-15");
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2027-12-31", 2)).toBe("2028-02-29");
    expect(addCalendarMonths("2026-11-30", 3)).toBe("2027-02-28");
  });

  it("never expires under version 1, whose stored rules have no expiry", () => {
    expect(V1_RULES.expiry).toEqual({ months: null, warningDays: [30, 3] });
    expect(expiryClock(at("2026-01-01T00:00:00Z"), V1_SCHEDULE)).toBeNull();
  });

  it("counts the months from the Singapore date of the last activity, and expires from that date's first instant", () => {
    const withExpiry = schedule(["2026-01-01T00:00:00Z", 12]);
    // 20:00 UTC on 14 March is 04:00 on 15 March in Singapore.
    expect(expiryClock(at("2026-03-14T20:00:00Z"), withExpiry)).toEqual({
      expiresOn: "2027-03-15",
      expiresAt: at("2027-03-14T16:00:00Z"),
      version: 2,
    });
  });

  it("starts the clock when expiry is switched on, never before: no point expires without a full period", () => {
    const clock = expiryClock(at("2024-05-01T00:00:00Z"), schedule(["2026-06-10T02:00:00Z", 12]));
    expect(clock).toMatchObject({ expiresOn: "2027-06-10", version: 2 });
  });

  it("keeps the period a clock started with when a later version changes it", () => {
    const clock = expiryClock(at("2026-02-01T00:00:00Z"), schedule(["2026-01-01T00:00:00Z", 12], ["2026-03-01T00:00:00Z", 3]));
    expect(clock).toMatchObject({ expiresOn: "2027-02-01", version: 2 });
  });

  it("stops the clock when a later version switches expiry off, and starts it afresh when one switches it on again", () => {
    const off = schedule(["2026-01-01T00:00:00Z", 6], ["2026-04-01T00:00:00Z", null]);
    expect(expiryClock(at("2026-02-01T00:00:00Z"), off)).toBeNull();
    const onAgain = schedule(["2026-01-01T00:00:00Z", 6], ["2026-04-01T00:00:00Z", null], ["2026-09-01T00:00:00Z", 3]);
    expect(expiryClock(at("2026-02-01T00:00:00Z"), onAgain)).toMatchObject({ expiresOn: "2026-12-01", version: 4 });
  });

  it("keeps an expiry that came before expiry was switched off", () => {
    const clock = expiryClock(at("2026-01-05T00:00:00Z"), schedule(["2026-01-01T00:00:00Z", 1], ["2026-04-01T00:00:00Z", null]));
    expect(clock).toMatchObject({ expiresOn: "2026-02-05", version: 2 });
  });

  it("warns on the nearest warning day reached, once the day has come, and not on or after the expiry date", () => {
    const expiresOn = "2027-03-15";
    const sgt = (date: string) => at(`${date}T00:30:00+08:00`);
    expect(daysLeft(expiresOn, sgt("2027-02-13"))).toBe(30);
    expect(warningDue(expiresOn, sgt("2027-02-12"), [30, 3])).toBeNull();
    expect(warningDue(expiresOn, sgt("2027-02-13"), [30, 3])).toBe(30);
    expect(warningDue(expiresOn, sgt("2027-03-11"), [30, 3])).toBe(30);
    expect(warningDue(expiresOn, sgt("2027-03-12"), [30, 3])).toBe(3);
    expect(warningDue(expiresOn, sgt("2027-03-14"), [30, 3])).toBe(3);
    expect(warningDue(expiresOn, sgt("2027-03-15"), [30, 3])).toBeNull();
    expect(warningDue(expiresOn, sgt("2027-03-12"), [])).toBeNull();
  });
});
