import { describe, expect, it } from "vitest";
import { formatTimestamp } from "../../domain/members/format-timestamp.ts";
import { isPointKind, POINT_KIND_LABELS, pointKindLabel } from "../../domain/members/point-kinds.ts";
import { GOLD_THRESHOLD_CENTS, progressToGold } from "../../domain/members/tier.ts";

describe("formatTimestamp", () => {
  it("shows Singapore time with a 12-hour clock", () => {
    expect(formatTimestamp(new Date("2026-11-21T08:05:00Z"))).toBe("21 Nov 2026, 4:05 pm");
    expect(formatTimestamp(new Date("2026-09-03T01:30:59Z"))).toBe("3 Sep 2026, 9:30 am");
  });

  it("writes midnight and noon as 12, and moves to the next Singapore day at 16:00 UTC", () => {
    expect(formatTimestamp(new Date("2026-12-31T16:00:00Z"))).toBe("1 Jan 2027, 12:00 am");
    expect(formatTimestamp(new Date("2026-06-15T04:00:00Z"))).toBe("15 Jun 2026, 12:00 pm");
    expect(formatTimestamp(new Date("2026-06-15T15:59:00Z"))).toBe("15 Jun 2026, 11:59 pm");
  });
});

describe("point kinds", () => {
  it("labels every kind of SPEC.md §4", () => {
    expect(Object.keys(POINT_KIND_LABELS)).toHaveLength(15);
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
  it("measures a green member's spending against S$300", () => {
    expect(progressToGold({ membershipStatus: "green", totalSpentCents: 0 })).toEqual({
      spentCents: 0,
      thresholdCents: GOLD_THRESHOLD_CENTS,
      remainingCents: 30_000,
      percent: 0,
    });
    expect(progressToGold({ membershipStatus: "green", totalSpentCents: 29_999 })).toMatchObject({
      remainingCents: 1,
      percent: 99,
    });
    expect(progressToGold({ membershipStatus: "green", totalSpentCents: 45_000 })).toMatchObject({
      remainingCents: 0,
      percent: 100,
    });
  });

  it("reads complete for a gold member", () => {
    expect(progressToGold({ membershipStatus: "gold", totalSpentCents: 12_000 })).toEqual({
      spentCents: 12_000,
      thresholdCents: 30_000,
      remainingCents: 0,
      percent: 100,
    });
  });
});
