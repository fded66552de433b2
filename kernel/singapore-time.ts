export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Singapore is UTC+8 all year (no daylight saving): the shop's days are Singapore days. */
export const SINGAPORE_OFFSET_MS = 8 * HOUR_MS;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Singapore calendar date of a moment, YYYY-MM-DD. */
export function singaporeDate(at: Date | number): string {
  return new Date(Number(at) + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of that Singapore day, or null when the text is not a real YYYY-MM-DD date. */
export function singaporeDayStart(text: string): Date | null {
  const match = DATE_SHAPE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = new Date(Date.UTC(year, month - 1, day));
  if (utcMidnight.getUTCFullYear() !== year || utcMidnight.getUTCMonth() !== month - 1 || utcMidnight.getUTCDate() !== day) {
    return null;
  }
  return new Date(utcMidnight.getTime() - SINGAPORE_OFFSET_MS);
}

/** The first instant after that Singapore day, or null when the text is not a real YYYY-MM-DD date. */
export function singaporeDayEnd(text: string): Date | null {
  const start = singaporeDayStart(text);
  return start && new Date(start.getTime() + DAY_MS);
}

const DATE_TIME_SHAPE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** The instant a Singapore date and time names ("2026-11-30T23:59", as a datetime-local field sends it), or null when it is not a real one. */
export function singaporeDateTime(text: string): Date | null {
  const match = DATE_TIME_SHAPE.exec(text);
  const day = match ? singaporeDayStart(match[1] as string) : null;
  if (!match || !day) return null;
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59) return null;
  return new Date(day.getTime() + (hours * 60 + minutes) * MINUTE_MS);
}

/** A moment as a Singapore date and time to the minute, "2026-11-30T23:59" (what a datetime-local field shows). */
export function singaporeDateTimeText(at: Date): string {
  return new Date(at.getTime() + SINGAPORE_OFFSET_MS).toISOString().slice(0, 16);
}

/** The calendar date `days` after a YYYY-MM-DD date (before, when negative). */
export function addDaysToDate(date: string, days: number): string {
  const start = singaporeDayStart(date);
  if (!start) throw new Error(`Not a date: ${date}`);
  return singaporeDate(start.getTime() + days * DAY_MS);
}
