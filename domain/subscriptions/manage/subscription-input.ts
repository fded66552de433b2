import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { identifier } from "../../shared/input.ts";

/** The subscription a change is for. */
export const subscriptionIdInput = identifier(64);

export const SubscriptionInput = z.object({ subscriptionId: subscriptionIdInput });

/**
 * A day from tomorrow to `latestDays` after today (Singapore): a date a renewal or a pause's end may
 * be set to. Refused as BAD_USER_INPUT on `field`, naming the days that may be chosen.
 */
export function dayWithin(field: string, day: string, now: Date, latestDays: number): string {
  const today = singaporeDate(now);
  const earliest = addDaysToDate(today, 1);
  const latest = addDaysToDate(today, latestDays);
  if (day < earliest || day > latest) {
    const message = `Choose a day from ${formatCalendarDate(earliest)} to ${formatCalendarDate(latest)}.`;
    throw new AppError("BAD_USER_INPUT", message, { [field]: message });
  }
  return day;
}
