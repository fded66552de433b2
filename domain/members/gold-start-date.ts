/** SPEC.md §5: the debug panel's gold start date, and what it says of any other value (the panel alerts it too). */
export const GOLD_START_DATE_MESSAGE = "Invalid date format. Please use YYYY-MM-DD.";

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Singapore is UTC+8 all year. */
const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isGoldStartDate(text: string): boolean {
  return singaporeDayStart(text) !== null;
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
