import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { epochMsOf } from "../shared/epoch.ts";
import { parseInput } from "../shared/operation.ts";

/** SPEC.md §5: an old dummy order is placed 2 days before the base time, a new one 2 days after. */
export const DUMMY_ORDER_OFFSET_MS = 2 * DAY_MS;

const TIMESTAMP = "timestamp must be a number: epoch seconds (or milliseconds).";
export const TIMESTAMP_OUT_OF_RANGE = "timestamp is out of range.";

/** `when`: the text "old" or "new". */
export const whenInput = z
  .string({ error: `when must be the text "old" or "new".` })
  .pipe(z.enum(["old", "new"], { error: (issue) => `when must be "old" or "new", not "${String(issue.input).slice(0, 20)}".` }));

/** `timestamp`: a number of epoch seconds (or milliseconds), read as the instant it names. */
export const timestampInput = z
  .number({ error: TIMESTAMP })
  .min(0, { error: TIMESTAMP })
  .transform((value) => new Date(epochMsOf(value)))
  .refine(isValidDate, { error: TIMESTAMP });

export function isValidDate(at: Date): boolean {
  return !Number.isNaN(at.getTime());
}

/** The old/new rule from a base instant; an invalid Date when that lies beyond what a Date holds. */
export function placedAt(when: "old" | "new", base: Date): Date {
  return new Date(base.getTime() + (when === "old" ? -DUMMY_ORDER_OFFSET_MS : DUMMY_ORDER_OFFSET_MS));
}

/**
 * SPEC.md §5's old/new rule, as the debug panel places a dummy order: 2 days before (old) or after
 * (new) the base timestamp (the member's creation), in epoch seconds (or milliseconds). Answers the
 * order's timestamp in epoch seconds. No server code here: the panel runs it in the browser.
 */
export function dummyOrderTimestamp(when: unknown, base: unknown): number {
  const at = placedAt(parseInput(whenInput, when), parseInput(timestampInput, base));
  if (!isValidDate(at)) throw new AppError("BAD_USER_INPUT", TIMESTAMP_OUT_OF_RANGE);
  return at.getTime() / 1000;
}
