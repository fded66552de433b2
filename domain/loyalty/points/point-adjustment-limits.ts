/** The most points one adjustment by staff may move, and the longest reason it may give. */
export const MAX_POINT_ADJUSTMENT = 100_000;
export const MAX_ADJUSTMENT_REASON = 200;
