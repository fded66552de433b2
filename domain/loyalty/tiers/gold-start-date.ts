import { singaporeDayStart } from "../../../kernel/singapore-time.ts";

/** SPEC.md §5: the debug panel's gold start date, and what it says of any other value (the panel alerts it too). */
export const GOLD_START_DATE_MESSAGE = "Invalid date format. Please use YYYY-MM-DD.";

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isGoldStartDate(text: string): boolean {
  return singaporeDayStart(text) !== null;
}
