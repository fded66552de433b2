import { AppError } from "../../kernel/app-error.ts";
import { epochMsOf } from "../shared/epoch.ts";

/** SPEC.md §5: an old dummy order is placed 2 days before the base time, a new one 2 days after. */
export const DUMMY_ORDER_OFFSET_MS = 2 * 24 * 60 * 60 * 1000;

const bad = (message: string) => new AppError("BAD_USER_INPUT", message);

function whenOf(value: unknown): "old" | "new" {
  if (typeof value !== "string") throw bad(`when must be the text "old" or "new".`);
  if (value !== "old" && value !== "new") throw bad(`when must be "old" or "new", not "${value.slice(0, 20)}".`);
  return value;
}

export function instantOf(value: unknown): Date {
  const at = typeof value === "number" && value >= 0 ? new Date(epochMsOf(value)) : null;
  if (!at || Number.isNaN(at.getTime())) throw bad("timestamp must be a number: epoch seconds (or milliseconds).");
  return at;
}

export function placedAt(when: unknown, base: Date): Date {
  const at = new Date(base.getTime() + (whenOf(when) === "old" ? -DUMMY_ORDER_OFFSET_MS : DUMMY_ORDER_OFFSET_MS));
  if (Number.isNaN(at.getTime())) throw bad("timestamp is out of range.");
  return at;
}

/**
 * SPEC.md §5's old/new rule, as the debug panel places a dummy order: 2 days before (old) or after
 * (new) the base timestamp (the member's creation), in epoch seconds (or milliseconds). Answers the
 * order's timestamp in epoch seconds. No server code here: the panel runs it in the browser.
 */
export function dummyOrderTimestamp(when: unknown, base: unknown): number {
  return placedAt(when, instantOf(base)).getTime() / 1000;
}
