import { describe, expect, it } from "vitest";
import { estimateDelivery } from "../../domain/delivery/delivery-estimate.ts";
import { type DeliverySchedule, promiseDelivery } from "../../domain/delivery/delivery-promise.ts";
import { promiseText } from "../../domain/delivery/promise-text.ts";

const WEEKDAYS = [1, 2, 3, 4, 5];
const standard: DeliverySchedule = { minDays: 5, maxDays: 7, weekdays: WEEKDAYS, cutoffMinutes: null };
const express: DeliverySchedule = { minDays: 1, maxDays: 1, weekdays: WEEKDAYS, cutoffMinutes: 14 * 60 };
/** A moment on the Singapore clock. */
const sg = (local: string) => new Date(`${local}+08:00`);
const window = (start: string, end = start) => ({ start, end });

describe("the promise of a delivery option with a cut-off", () => {
  it("counts an order a second before the cut-off from that day, and one at or after it from the next running day", () => {
    // Mon 7 Dec 2026; express takes one working day.
    expect(promiseDelivery(express, sg("2026-12-07T13:59:59"))).toEqual({
      ...window("2026-12-08"),
      orderBy: sg("2026-12-07T14:00:00"),
    });
    expect(promiseDelivery(express, sg("2026-12-07T14:00:00"))).toEqual({ ...window("2026-12-09"), orderBy: null });
    expect(promiseDelivery(express, sg("2026-12-07T14:00:01"))).toMatchObject(window("2026-12-09"));
  });

  it("counts a Friday order after the cut-off and a weekend order from Monday", () => {
    expect(promiseDelivery(express, sg("2026-12-11T14:00:01"))).toMatchObject(window("2026-12-15"));
    expect(promiseDelivery(express, sg("2026-12-12T10:00:00"))).toMatchObject(window("2026-12-15"));
    expect(promiseDelivery(express, sg("2026-12-13T23:59:59"))).toMatchObject(window("2026-12-15"));
  });

  it("skips public holidays both as the day it counts from and as a delivery day", () => {
    // Christmas Day, Fri 25 Dec 2026, is a public holiday.
    expect(promiseDelivery(express, sg("2026-12-24T13:00:00"))).toMatchObject(window("2026-12-28"));
    expect(promiseDelivery(express, sg("2026-12-24T15:00:00"))).toMatchObject(window("2026-12-29"));
    expect(promiseDelivery(express, sg("2026-12-25T09:00:00"))).toMatchObject({ ...window("2026-12-29"), orderBy: null });
    // New Year's Day, Fri 1 Jan 2027.
    expect(promiseDelivery(express, sg("2026-12-31T14:30:00"))).toMatchObject(window("2027-01-05"));
  });

  it("runs only on its weekdays: one that runs on Saturdays delivers on them", () => {
    const saturdays = { ...express, weekdays: [1, 2, 3, 4, 5, 6] };
    expect(promiseDelivery(saturdays, sg("2026-12-11T10:00:00"))).toMatchObject(window("2026-12-12"));
    const tuesdaysOnly = { ...express, weekdays: [2] };
    expect(promiseDelivery(tuesdaysOnly, sg("2026-12-07T10:00:00"))).toMatchObject(window("2026-12-15"));
  });

  it("is a window of working days for standard delivery, with no cut-off until midnight", () => {
    expect(promiseDelivery(standard, sg("2026-12-07T23:59:59"))).toEqual({
      ...window("2026-12-14", "2026-12-16"),
      orderBy: null,
    });
    expect(promiseDelivery(standard, sg("2026-12-08T00:00:00"))).toMatchObject(window("2026-12-15", "2026-12-17"));
  });

  it("promises standard orders exactly the SPEC §9 estimate on every day of 2026, weekends and holidays included", () => {
    for (let day = new Date("2026-01-01T04:00:00Z"); day.getUTCFullYear() === 2026; day = new Date(day.getTime() + 86_400_000)) {
      const date = day.toISOString().slice(0, 10);
      const { start, end } = promiseDelivery(standard, day);
      expect({ date, start, end }).toEqual({ date, ...estimateDelivery(day) });
    }
  });

  it("waits a Saturday order one working day more and a Sunday order three, as SPEC §9 does", () => {
    // Fri 4, Sat 5 and Sun 6 Dec 2026.
    expect(promiseDelivery(standard, sg("2026-12-04T12:00:00"))).toMatchObject(window("2026-12-11", "2026-12-15"));
    expect(promiseDelivery(standard, sg("2026-12-05T12:00:00"))).toMatchObject(window("2026-12-14", "2026-12-16"));
    expect(promiseDelivery(standard, sg("2026-12-06T12:00:00"))).toMatchObject(window("2026-12-16", "2026-12-18"));
  });
});

describe("the promise in words", () => {
  const promise = promiseDelivery(express, sg("2026-12-07T11:50:00"));

  it("counts down to the cut-off within four hours of it", () => {
    expect(promiseText(promise, sg("2026-12-07T11:50:00"))).toBe("Order within 2 h 10 min for delivery on Tue, 8 Dec 2026");
    expect(promiseText(promise, sg("2026-12-07T13:59:01"))).toBe("Order within 1 min for delivery on Tue, 8 Dec 2026");
    expect(promiseText(promise, sg("2026-12-07T12:00:00"))).toBe("Order within 2 h for delivery on Tue, 8 Dec 2026");
  });

  it("says order now further from the cut-off, and for a window", () => {
    expect(promiseText(promise, sg("2026-12-07T09:59:00"))).toBe("Order now for delivery on Tue, 8 Dec 2026");
    expect(promiseText(promiseDelivery(standard, sg("2026-12-07T10:00:00")), sg("2026-12-07T10:00:00"))).toBe(
      "Order now for delivery between Mon, 14 Dec 2026 and Wed, 16 Dec 2026",
    );
  });
});
