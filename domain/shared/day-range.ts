import { AppError } from "../../kernel/app-error.ts";

/**
 * Refuses a range of Singapore days (YYYY-MM-DD, either end may be left open) whose last day comes
 * before its first: it would match nothing, and an empty list or export would look like no activity.
 */
export function refuseReversedDays(from: string | undefined, to: string | undefined): void {
  if (from && to && to < from) {
    const problem = "The range must not end before the day it starts.";
    throw new AppError("BAD_USER_INPUT", problem, { to: problem });
  }
}
