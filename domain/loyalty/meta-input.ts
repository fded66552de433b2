import { AppError } from "../shared/app-error.ts";
import { parseJsonField } from "../shared/json-field.ts";

/**
 * A `meta` argument of a mutation: a JSON object sent as a string (double-encoded is accepted) or as
 * an object. Unlike JSON read back from the database, input that cannot be read is refused rather
 * than taken as {}: the caller is told what to fix.
 */
export function parseMetaInput(value: unknown): Record<string, unknown> {
  let problem: string | null = null;
  const parsed = parseJsonField<unknown>(value, null, ({ error }) => {
    problem = error;
  });
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("BAD_USER_INPUT", `meta must be a JSON object${problem ? ` (${problem})` : ""}.`);
  }
  return parsed as Record<string, unknown>;
}
