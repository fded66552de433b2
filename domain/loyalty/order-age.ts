import { DAY_MS } from "../../kernel/singapore-time.ts";
import { CLAIM_WINDOW_DAYS } from "./programme.ts";

/** SPEC.md §4 and §9: the window that separates an old order from a new one. */
export const ORDER_AGE_WINDOW_SECONDS = (CLAIM_WINDOW_DAYS * DAY_MS) / 1000;

export type OrderAge = "old" | "new" | "NULL";

/**
 * The age rule of SPEC.md §4 on two timestamps in seconds: 'old' when `second` is earlier than
 * `first` minus the claim window, otherwise 'new'; 'NULL' when either is not a number. The values
 * are taken as given (no milliseconds detection): both must be in the same unit.
 */
export function classifyAge(first: unknown, second: unknown): OrderAge {
  if (typeof first !== "number" || typeof second !== "number" || Number.isNaN(first) || Number.isNaN(second)) return "NULL";
  return second < first - ORDER_AGE_WINDOW_SECONDS ? "old" : "new";
}

/** An instant as epoch seconds, the unit classifyAge expects. */
export function epochSecondsOf(at: Date): number {
  return at.getTime() / 1000;
}
