/**
 * The date range of the programme analytics, apart from their operation so the back office's page can
 * state it without carrying the schema library to the browser.
 */

/** Days the analytics cover when no range is chosen, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one request may add up. */
export const MAX_RANGE_DAYS = 366;
