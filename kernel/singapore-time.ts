/** Singapore is UTC+8 all year (no daylight saving): the shop's days are Singapore days. */
export const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

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

const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The moment a Singapore date (YYYY-MM-DD) and clock time (HH:MM, 24-hour) name, or null when either is not real. */
export function singaporeDateTime(date: string, time: string): Date | null {
  const day = singaporeDayStart(date);
  const clock = TIME_SHAPE.exec(time);
  if (!day || !clock) return null;
  return new Date(day.getTime() + (Number(clock[1]) * 60 + Number(clock[2])) * 60_000);
}

/** The Singapore clock time of a moment, HH:MM. */
export function singaporeClock(at: Date | number): string {
  return new Date(Number(at) + SINGAPORE_OFFSET_MS).toISOString().slice(11, 16);
}
