import { DAY_MS, SINGAPORE_OFFSET_MS } from "../../kernel/singapore-time.ts";
import { epochMsOf } from "../shared/epoch.ts";
import { isSingaporePublicHoliday } from "./sg-public-holidays.ts";

/**
 * Delivery window estimate, reasoned entirely on the Singapore calendar (UTC+8, no daylight saving).
 *
 * A working day is any day that is not a Saturday, a Sunday or a Singapore public holiday (or day in lieu).
 * Counting starts the day after the order: the 1st working day after the order day is "1 working day later".
 *
 * Offset rule (decided here): the offset is a number of WORKING days added to both ends of the window.
 *   offset = extraDays + 1 when the order's Singapore date is a Saturday,
 *            extraDays + 3 when it is a Sunday,
 *            extraDays otherwise;
 *   start  = the (5 + offset)-th working day after the order day;
 *   end    = the (7 + offset)-th working day after the order day (so always 2 working days after start).
 *
 * Holidays come from sg-public-holidays.ts for any year; the server warns at start when a year within the
 * estimate's reach (holiday-coverage.ts) has incomplete holiday data.
 */

export type DeliveryWindow = { start: string; end: string };

/** The largest epoch milliseconds a Date can hold. */
const MAX_EPOCH_MS = 8.64e15;
export const BASE_START_DAYS = 5;
export const BASE_END_DAYS = 7;
/** Working days a weekend order waits beyond the rest (SPEC §9): the packing team works weekdays. */
export const SATURDAY_EXTRA = 1;
export const SUNDAY_EXTRA = 3;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date, optionally followed by a time and an offset (Z, +HH, +HHMM or +HH:MM). No offset means UTC+8.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function invalidDate(): Error {
  return new Error("Invalid date format");
}

/** Days since 1970-01-01 for a calendar date, or null when the date does not exist (e.g. 2025-02-30). */
function dayNumberOf(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Math.round(date.getTime() / DAY_MS);
}

export function formatDayNumber(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS);
  if (Number.isNaN(date.getTime())) throw new RangeError("Date out of range");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${month}-${day}`;
}

/** 0 = Sunday ... 6 = Saturday; day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

function parseIsoDate(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  const dayNumber = match ? dayNumberOf(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  if (dayNumber === null) throw invalidDate();
  return dayNumber;
}

/** Offset from UTC in milliseconds; a missing offset means Singapore time. */
function parseOffset(offset: string | undefined): number | null {
  if (offset === undefined) return SINGAPORE_OFFSET_MS;
  if (offset.toUpperCase() === "Z") return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(3).replace(":", "") || "0");
  if (hours > 23 || minutes > 59) return null;
  const sign = offset.startsWith("-") ? -1 : 1;
  return sign * (hours * 60 + minutes) * 60_000;
}

function parseIsoString(text: string): number {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) throw invalidDate();
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", offset] = match;
  const dayNumber = dayNumberOf(Number(year), Number(month), Number(day));
  const offsetMs = parseOffset(offset);
  if (dayNumber === null || offsetMs === null) throw invalidDate();
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) throw invalidDate();
  const timeMs =
    ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
  return dayNumber * DAY_MS + timeMs - offsetMs;
}

/** Epoch milliseconds of the order moment; throws "Invalid date format" for anything unusable. */
function toEpochMs(orderedAt: Date | number | string): number {
  let epochMs: number;
  if (orderedAt instanceof Date) epochMs = orderedAt.getTime();
  else if (typeof orderedAt === "number") epochMs = epochMsOf(orderedAt);
  else if (typeof orderedAt === "string") epochMs = parseIsoString(orderedAt);
  else throw invalidDate();
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > MAX_EPOCH_MS) throw invalidDate();
  return epochMs;
}

function singaporeDayNumber(orderedAt: Date | number | string): number {
  return Math.floor((toEpochMs(orderedAt) + SINGAPORE_OFFSET_MS) / DAY_MS);
}

function isWorkingDayNumber(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  return weekday !== 0 && weekday !== 6 && !isSingaporePublicHoliday(formatDayNumber(dayNumber));
}

function addWorkingDayNumbers(dayNumber: number, count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  let current = dayNumber;
  for (let remaining = count; remaining > 0; ) {
    current += 1;
    if (isWorkingDayNumber(current)) remaining -= 1;
  }
  return current;
}

/** The Singapore calendar date (YYYY-MM-DD) of a moment given as a Date, epoch number or ISO string. */
export function toSingaporeDate(orderedAt: Date | number | string): string {
  return formatDayNumber(singaporeDayNumber(orderedAt));
}

/** False on Saturdays, Sundays and listed Singapore public holidays; the date is YYYY-MM-DD. */
export function isWorkingDay(isoDate: string): boolean {
  return isWorkingDayNumber(parseIsoDate(isoDate));
}

/** The count-th working day strictly after isoDate (count 0 returns isoDate itself). */
export function addWorkingDays(isoDate: string, count: number): string {
  return formatDayNumber(addWorkingDayNumbers(parseIsoDate(isoDate), count));
}

export function estimateDelivery(orderedAt: Date | number | string, extraDays = 0): DeliveryWindow {
  if (!Number.isSafeInteger(extraDays) || extraDays < 0) throw new RangeError("extraDays must be a non-negative integer");
  const orderDay = singaporeDayNumber(orderedAt);
  const weekday = weekdayOf(orderDay);
  const offset = extraDays + (weekday === 6 ? SATURDAY_EXTRA : weekday === 0 ? SUNDAY_EXTRA : 0);
  const start = addWorkingDayNumbers(orderDay, BASE_START_DAYS + offset);
  const end = addWorkingDayNumbers(start, BASE_END_DAYS - BASE_START_DAYS);
  return { start: formatDayNumber(start), end: formatDayNumber(end) };
}
