import { describe, expect, it } from "vitest";
import { addMonths, goldYearEnd, progressToGold } from "../../domain/loyalty/tiers/tiers.ts";
import { formatCalendarDate, formatDate, formatTimestamp } from "../../kernel/format-timestamp.ts";
import { isPointKind, POINT_KIND_LABELS, pointKindLabel } from "../../kernel/point-kinds.ts";
import { V1_SCHEDULE, V1_TERMS } from "../setup/programme-fixtures.ts";

describe("dates as people write them", () => {
  it("shows a moment in Singapore time with its weekday and a 12-hour clock", () => {
    expect(formatTimestamp(new Date("2026-11-30T08:05:00Z"))).toBe("Mon, 30 Nov 2026, 4:05 pm");
    expect(formatTimestamp(new Date("2026-09-03T01:30:59Z"))).toBe("Thu, 3 Sep 2026, 9:30 am");
  });

  it("writes midnight and noon as 12, and moves to the next Singapore day at 16:00 UTC", () => {
    expect(formatTimestamp(new Date("2026-12-31T16:00:00Z"))).toBe("Fri, 1 Jan 2027, 12:00 am");
    expect(formatTimestamp(new Date("2026-06-15T04:00:00Z"))).toBe("Mon, 15 Jun 2026, 12:00 pm");
    expect(formatTimestamp(new Date("2026-06-15T15:59:00Z"))).toBe("Mon, 15 Jun 2026, 11:59 pm");
  });

  it("gives a moment's Singapore date, the next day there from 16:00 UTC", () => {
    expect(formatDate(new Date("2026-11-29T15:59:59Z"))).toBe("Sun, 29 Nov 2026");
    expect(formatDate(new Date("2026-11-29T16:00:00Z"))).toBe("Mon, 30 Nov 2026");
    expect(formatDate(new Date("2026-11-29T23:30:00Z"))).toBe("Mon, 30 Nov 2026");
  });

  it("writes a calendar date as it is, with no time zone shift, and leaves anything else alone", () => {
    expect(formatCalendarDate("2026-11-30")).toBe("Mon, 30 Nov 2026");
    expect(formatCalendarDate("2028-02-29")).toBe("Tue, 29 Feb 2028");
    expect(formatCalendarDate("2027-02-29")).toBe("2027-02-29");
    expect(formatCalendarDate("30 Nov 2026")).toBe("30 Nov 2026");
  });
});

describe("point kinds", () => {
  it("labels every kind of SPEC.md §4, a campaign's bonus and a referral's", () => {
    expect(Object.keys(POINT_KIND_LABELS)).toHaveLength(20);
    expect(pointKindLabel("referral-bonus")).toBe("Referral Bonus");
    expect(pointKindLabel("campaign")).toBe(POINT_KIND_LABELS.campaign);
    expect(pointKindLabel("sign-up")).toBe("Sign Up");
    expect(pointKindLabel("manual-debit")).toBe("Refund Adjustment");
    expect(pointKindLabel("bonus")).toBe("Dummy Bonus Points");
    expect(pointKindLabel("redeem")).toBe("Redeemed Product");
  });

  it("shows an unknown kind as stored, and is not fooled by inherited names", () => {
    expect(pointKindLabel("mystery")).toBe("mystery");
    expect(isPointKind("toString")).toBe(false);
    expect(pointKindLabel("constructor")).toBe("constructor");
  });
});

describe("progressToGold", () => {
  const green = (windowSpentCents: number) => ({ membershipStatus: "green" as const, goldStartAt: null, windowSpentCents });
  const progress = (member: Parameters<typeof progressToGold>[0]) => progressToGold(member, V1_SCHEDULE, new Date());

  it("measures a green member's spending against S$300", () => {
    expect(progress(green(0))).toEqual({
      goal: "promotion",
      spentCents: 0,
      thresholdCents: V1_TERMS.goldThresholdCents,
      remainingCents: 30_000,
      percent: 0,
      renewBy: null,
      terms: V1_TERMS,
    });
    expect(progress(green(29_999))).toMatchObject({ remainingCents: 1, percent: 99 });
    expect(progress(green(45_000))).toMatchObject({ remainingCents: 0, percent: 100 });
    expect(progress(green(-500))).toMatchObject({ spentCents: 0, remainingCents: 30_000, percent: 0 });
  });

  it("measures a gold member's spending in the gold year towards keeping gold", () => {
    const goldStartAt = new Date("2026-03-10T04:00:00Z");
    expect(progress({ membershipStatus: "gold", goldStartAt, windowSpentCents: 12_000 })).toEqual({
      goal: "renewal",
      spentCents: 12_000,
      thresholdCents: 30_000,
      remainingCents: 18_000,
      percent: 40,
      renewBy: new Date("2027-03-10T04:00:00Z"),
      terms: V1_TERMS,
    });
    expect(progress({ membershipStatus: "gold", goldStartAt, windowSpentCents: 31_000 })).toMatchObject({
      goal: "renewal",
      remainingCents: 0,
      percent: 100,
    });
  });
});

describe("gold years", () => {
  it("end 12 calendar months after they start, never early", () => {
    expect(goldYearEnd(new Date("2026-11-21T08:05:00Z"), V1_SCHEDULE)).toEqual(new Date("2027-11-21T08:05:00Z"));
    expect(goldYearEnd(new Date("2028-02-29T10:00:00Z"), V1_SCHEDULE)).toEqual(new Date("2029-03-01T10:00:00Z"));
    expect(addMonths(new Date("2026-01-31T00:00:00Z"), 1)).toEqual(new Date("2026-03-03T00:00:00Z"));
  });
});
