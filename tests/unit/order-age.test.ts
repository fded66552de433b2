import { describe, expect, it } from "vitest";
import { classifyAge as classifyAgeIn, epochSecondsOf } from "../../domain/loyalty/order-points/order-age.ts";
import { V1_TERMS } from "../setup/programme-fixtures.ts";

/** The rule with version 1's claim window (30 days). */
const classifyAge = (first: unknown, second: unknown) => classifyAgeIn(first, second, V1_TERMS.claimWindowDays);

const DAY = 24 * 60 * 60;
const JOINED = 1_795_248_300; // 21 Nov 2026, 08:05 UTC, in seconds

describe("classifyAge (SPEC.md §4)", () => {
  it("uses version 1's 30-day window, and the window it is given", () => {
    expect(V1_TERMS.claimWindowDays).toBe(30);
    expect(classifyAgeIn(JOINED, JOINED - 20 * DAY, 14)).toBe("old");
    expect(classifyAgeIn(JOINED, JOINED - 20 * DAY, 30)).toBe("new");
  });

  it("is old only when the second is more than 30 days before the first", () => {
    expect(classifyAge(JOINED, JOINED - 31 * DAY)).toBe("old");
    expect(classifyAge(JOINED, JOINED - 30 * DAY - 1)).toBe("old");
    expect(classifyAge(JOINED, JOINED - 30 * DAY - 0.001)).toBe("old");
  });

  it("is new at exactly 30 days, inside the window and after the first", () => {
    expect(classifyAge(JOINED, JOINED - 30 * DAY)).toBe("new");
    expect(classifyAge(JOINED, JOINED - 30 * DAY + 1)).toBe("new");
    expect(classifyAge(JOINED, JOINED - 2 * DAY)).toBe("new");
    expect(classifyAge(JOINED, JOINED)).toBe("new");
    expect(classifyAge(JOINED, JOINED + 2 * DAY)).toBe("new");
    expect(classifyAge(0, -30 * DAY)).toBe("new");
    expect(classifyAge(0, -30 * DAY - 1)).toBe("old");
  });

  it("is NULL when either value is not a number", () => {
    expect(classifyAge(String(JOINED), JOINED)).toBe("NULL");
    expect(classifyAge(JOINED, String(JOINED - 60 * DAY))).toBe("NULL");
    expect(classifyAge(Number.NaN, JOINED)).toBe("NULL");
    expect(classifyAge(JOINED, Number.NaN)).toBe("NULL");
    expect(classifyAge(null, JOINED)).toBe("NULL");
    expect(classifyAge(JOINED, undefined)).toBe("NULL");
    expect(classifyAge(new Date(JOINED * 1000), JOINED)).toBe("NULL");
    expect(classifyAge(BigInt(JOINED), JOINED)).toBe("NULL");
  });

  it("takes the values as given: milliseconds against seconds are not converted", () => {
    // A member joined now (seconds) and an order paid a year ago given in milliseconds is a far larger number: new.
    expect(classifyAge(JOINED, (JOINED - 365 * DAY) * 1000)).toBe("new");
    // Both in milliseconds, the 30 days are read as 30 * 86400 ms (43 minutes).
    expect(classifyAge(JOINED * 1000, JOINED * 1000 - 31 * DAY * 1000)).toBe("old");
    expect(classifyAge(JOINED * 1000, JOINED * 1000 - 2 * DAY * 1000)).toBe("old");
  });

  it("reads infinities as numbers", () => {
    expect(classifyAge(Number.POSITIVE_INFINITY, JOINED)).toBe("old");
    expect(classifyAge(JOINED, Number.NEGATIVE_INFINITY)).toBe("old");
    expect(classifyAge(JOINED, Number.POSITIVE_INFINITY)).toBe("new");
  });

  it("turns instants into epoch seconds with their fraction", () => {
    expect(epochSecondsOf(new Date("2026-11-21T08:05:00.250Z"))).toBe(JOINED + 0.25);
  });
});
