/** SPEC.md §9's debug defaults, shared by the debug operations and the debug panel (no server code here). */

export const DEBUG_BONUS_POINTS = 100;
export const DEBUG_REFUND_POINTS = 100;
/** A dummy order costs S$100 unless its meta says otherwise. */
export const DUMMY_ORDER_DEFAULT_PRICE_CENTS = 10_000;

/** The most points one debug credit (bonus or refund) gives: 1 to this (SPEC.md §9). */
export const MAX_DEBUG_POINTS = 100_000;
/** The dearest dummy order, in S$. */
export const MAX_DUMMY_ORDER_PRICE = 100_000;
