import { DAY_MS, MINUTE_MS, SINGAPORE_OFFSET_MS } from "../../kernel/singapore-time.ts";
import { type DeliveryWindow, formatDayNumber, SATURDAY_EXTRA, SUNDAY_EXTRA, weekdayOf } from "./delivery-estimate.ts";
import { isSingaporePublicHoliday } from "./sg-public-holidays.ts";

/** What the date rule reads of a delivery option (decision 063). */
export type DeliverySchedule = {
  /** Working days from the day the order counts from to the first and the last day of the window (equal: one day). */
  minDays: number;
  maxDays: number;
  /** The weekdays it runs, 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** Minutes after Singapore midnight from which an order counts from the next running day; null: none (SPEC §9's counting). */
  cutoffMinutes: number | null;
};

/** The window an order placed at that moment is promised, and until when that promise holds (the day's cut-off), if it has one. */
export type DeliveryPromise = DeliveryWindow & { orderBy: Date | null };

/** A day the option runs: one of its weekdays that is not a Singapore public holiday. */
function runsOn(schedule: DeliverySchedule, dayNumber: number): boolean {
  return schedule.weekdays.includes(weekdayOf(dayNumber)) && !isSingaporePublicHoliday(formatDayNumber(dayNumber));
}

/** The count-th running day strictly after dayNumber (count 0: dayNumber itself). */
function addRunningDays(schedule: DeliverySchedule, dayNumber: number, count: number): number {
  let current = dayNumber;
  for (let remaining = count; remaining > 0; ) {
    current += 1;
    if (runsOn(schedule, current)) remaining -= 1;
  }
  return current;
}

/**
 * The promise for an order placed at `at`, on the Singapore calendar. An option with a cut-off: an
 * order placed on a running day before it counts from that day; one placed at or after it, or on a day
 * the option does not run (a weekday it skips, a public holiday), counts from the next running day. An
 * option without one counts as SPEC §9 does: from the order's own day, a Saturday order a running day
 * later and a Sunday order three (standard, as seeded, promises exactly the §9 window). The window is
 * the minDays-th to the maxDays-th running day after the day it counts from.
 */
export function promiseDelivery(schedule: DeliverySchedule, at: Date): DeliveryPromise {
  if (schedule.weekdays.length === 0) throw new RangeError("A delivery option must run on at least one weekday");
  const local = at.getTime() + SINGAPORE_OFFSET_MS;
  const orderDay = Math.floor(local / DAY_MS);
  const window = (countsFrom: number, extra: number) => ({
    start: formatDayNumber(addRunningDays(schedule, countsFrom, schedule.minDays + extra)),
    end: formatDayNumber(addRunningDays(schedule, countsFrom, schedule.maxDays + extra)),
  });
  if (schedule.cutoffMinutes === null) {
    const weekday = weekdayOf(orderDay);
    return { ...window(orderDay, weekday === 6 ? SATURDAY_EXTRA : weekday === 0 ? SUNDAY_EXTRA : 0), orderBy: null };
  }
  const cutoffMs = schedule.cutoffMinutes * MINUTE_MS;
  const inTime = runsOn(schedule, orderDay) && local - orderDay * DAY_MS < cutoffMs;
  const countsFrom = inTime ? orderDay : addRunningDays(schedule, orderDay, 1);
  const orderBy = inTime ? new Date(orderDay * DAY_MS + cutoffMs - SINGAPORE_OFFSET_MS) : null;
  return { ...window(countsFrom, 0), orderBy };
}
