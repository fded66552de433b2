/** How many of the newest orders the debug orders page lists. */
export const RECENT_ORDERS_LIMIT = 50;
