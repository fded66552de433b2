import { SINGAPORE_OFFSET_MS } from "./singapore-time.ts";

/**
 * The one way dates and times are shown to people: as they write them, in Singapore time (UTC+8, no
 * daylight saving), e.g. "Mon, 30 Nov 2026" and "Mon, 30 Nov 2026, 4:05 pm". Built by hand rather
 * than with Intl so the text does not change with the ICU version (which spells September "Sep" or
 * "Sept" and may put a narrow space before "pm").
 */
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "Mon, 30 Nov 2026" for a date whose UTC fields hold the calendar day to show. */
function dayText(day: Date): string {
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A moment with its Singapore time, e.g. "Mon, 30 Nov 2026, 4:05 pm". */
export function formatTimestamp(at: Date): string {
  const local = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  const hours = local.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(local.getUTCMinutes()).padStart(2, "0");
  const period = hours < 12 ? "am" : "pm";
  return `${dayText(local)}, ${hour12}:${minutes} ${period}`;
}

/** The Singapore date of a moment alone, e.g. "Mon, 30 Nov 2026". */
export function formatDate(at: Date): string {
  return dayText(new Date(at.getTime() + SINGAPORE_OFFSET_MS));
}

/**
 * A calendar date kept as YYYY-MM-DD (no time, so no time zone), e.g. "2026-11-30" → "Mon, 30 Nov 2026".
 * Anything else is shown as it is.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().startsWith(isoDate) ? dayText(day) : isoDate;
}
