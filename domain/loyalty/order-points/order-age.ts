import { DAY_MS } from "../../../kernel/singapore-time.ts";

export type OrderAge = "old" | "new" | "NULL";

/**
 * The age rule of SPEC.md §4 on two timestamps in seconds: 'old' when `second` is earlier than
 * `first` minus the claim window (the programme's claimWindowDays), otherwise 'new'; 'NULL' when
 * either is not a number. The values are taken as given (no milliseconds detection): both must be in
 * the same unit.
 */
export function classifyAge(first: unknown, second: unknown, claimWindowDays: number): OrderAge {
  if (typeof first !== "number" || typeof second !== "number" || Number.isNaN(first) || Number.isNaN(second)) return "NULL";
  return second < first - (claimWindowDays * DAY_MS) / 1000 ? "old" : "new";
}

/** An instant as epoch seconds, the unit classifyAge expects. */
export function epochSecondsOf(at: Date): number {
  return at.getTime() / 1000;
}
