import { z } from "zod";
import { singaporeDayStart } from "../../kernel/singapore-time.ts";

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not text at all. */
const isStorableText = (value: string) => !value.includes("\u0000") && value.isWellFormed();

const UNSTORABLE = "must be plain text (no NUL characters or broken Unicode)";

/** Text a person typed: trimmed, storable, at most `max` characters. */
export function text(max = 500) {
  return z
    .string({ error: "is required" })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isStorableText, { error: UNSTORABLE })
    .transform((value) => value.trim());
}

/** Text that must not be empty once trimmed. */
export function requiredText(max = 500) {
  return text(max).refine((value) => value.length > 0, { error: "is required" });
}

/** An id chosen by the shop (uuid or a short code): letters, digits, `_`, `-`, `.`. */
export function identifier(max = 120) {
  return z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: "is not a valid id" });
}

/** An email address as typed, trimmed and in lower case, so one address is one person whatever its case. */
export const emailAddress = () =>
  requiredText(254)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.email({ error: "must be an email address" }));

export const uuid = () => z.uuid({ error: "is not a valid id" });

/** A whole number within limits, from a number or its decimal text (form fields are text). */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

/** A switch's new state, from a boolean or its text ("true", "false"; a form sends text). */
export function onOff() {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: "must be true or false" }),
  );
}

/** True for text the database can store; for adapters that check raw values before any schema. */
export { isStorableText };

/** Left out: missing or null, and also "" where the field reads empty text as left out. */
const isLeftOut = (value: unknown, emptyIsAbsent: boolean) =>
  value === undefined || value === null || (emptyIsAbsent && value === "");

/** A field that may be left out (see isLeftOut): it then reads as undefined; anything else must pass `schema`. */
export function optional<T extends z.ZodType>(schema: T, { emptyIsAbsent = false } = {}) {
  return z
    .unknown()
    .transform((value) => (isLeftOut(value, emptyIsAbsent) ? undefined : value))
    .pipe(schema.optional())
    .optional();
}

/** A field that must be given: left out (see isLeftOut), it is refused with `message`. */
export function required<T extends z.ZodType>(schema: T, message: string, { emptyIsAbsent = false } = {}) {
  return z
    .unknown()
    .refine((value) => !isLeftOut(value, emptyIsAbsent), { error: message, abort: true })
    .pipe(schema);
}

/**
 * A whole number from min to max, sent as a number or as text that `digits` accepts (JSON may carry
 * either, a form sends text), refused with one message whatever is wrong with it.
 */
export function count(min: number, max: number, message: string, digits = /^\d+$/) {
  const error = { error: message };
  return z
    .union([z.number(), z.string().trim().regex(digits).transform(Number)], error)
    .pipe(z.number(error).int(error).min(min, error).max(max, error));
}

/** A Singapore calendar day as a date field sends it, YYYY-MM-DD. */
export function singaporeDay() {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
    .refine((value) => singaporeDayStart(value) !== null, { error: "is not a real date" });
}
