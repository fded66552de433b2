/**
 * The one way member timestamps are shown: Singapore time (UTC+8, no daylight saving), e.g.
 * "21 Nov 2026, 4:05 pm". Built by hand rather than with Intl so the text does not change with the
 * ICU version (which spells September "Sep" or "Sept" and may put a narrow space before "pm").
 */
const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatTimestamp(at: Date): string {
  const local = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  const hours = local.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(local.getUTCMinutes()).padStart(2, "0");
  const period = hours < 12 ? "am" : "pm";
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${hour12}:${minutes} ${period}`;
}

/** The Singapore date alone, e.g. "21 Nov 2026". */
export function formatDate(at: Date): string {
  const local = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}
