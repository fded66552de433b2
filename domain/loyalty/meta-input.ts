import { z } from "zod";
import { parseJsonField } from "../../kernel/json-field.ts";
import { isStorableText } from "../shared/input.ts";

const MAX_META_LENGTH = 4000;

/** True when every string in the value (keys included) can be stored as PostgreSQL text or jsonb. */
function holdsOnlyStorableText(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(holdsOnlyStorableText);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).every(([key, item]) => isStorableText(key) && holdsOnlyStorableText(item));
  }
  return true;
}

/**
 * A `meta` argument of a mutation: a JSON object sent as a string (double-encoded is accepted) or as
 * an object; missing means {}. Unlike JSON read back from the database, input that cannot be read is
 * refused rather than taken as {}: the caller is told what to fix.
 */
export const metaInput = z.unknown().transform((value, ctx): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (typeof value === "string" && value.length > MAX_META_LENGTH) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_META_LENGTH} characters of JSON` });
    return z.NEVER;
  }
  let problem: string | null = null;
  const parsed = parseJsonField<unknown>(value, null, ({ error }) => {
    problem = error;
  });
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: `must be a JSON object${problem ? ` (${problem})` : ""}` });
    return z.NEVER;
  }
  if (!holdsOnlyStorableText(parsed)) {
    ctx.addIssue({ code: "custom", message: "must hold plain text only (no NUL characters or broken Unicode)" });
    return z.NEVER;
  }
  return parsed as Record<string, unknown>;
});
