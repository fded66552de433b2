import { z } from "zod";
import { parseJsonField } from "../../../kernel/json-field.ts";
import { isStorableText } from "../../shared/input.ts";

const MAX_META_LENGTH = 4000;

const tooLong = z.string().min(MAX_META_LENGTH + 1);
const jsonObject = z.record(z.string(), z.unknown());
const storableText = z.string().refine(isStorableText);

/** A JSON value every string of which (keys included) PostgreSQL can store as text or jsonb. */
const storableJson: z.ZodType<unknown> = z.lazy(() =>
  z.union([storableText, z.number(), z.boolean(), z.null(), z.array(storableJson), z.record(storableText, storableJson)]),
);

/**
 * A `meta` argument of a mutation: a JSON object sent as a string (double-encoded is accepted) or as
 * an object; missing means {}. Unlike JSON read back from the database, input that cannot be read is
 * refused rather than taken as {}: the caller is told what to fix.
 */
export const metaInput = z.unknown().transform((value, ctx): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (tooLong.safeParse(value).success) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_META_LENGTH} characters of JSON` });
    return z.NEVER;
  }
  let problem: string | null = null;
  const parsed = jsonObject.safeParse(
    parseJsonField<unknown>(value, null, ({ error }) => {
      problem = error;
    }),
  );
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: `must be a JSON object${problem ? ` (${problem})` : ""}` });
    return z.NEVER;
  }
  if (!storableJson.safeParse(parsed.data).success) {
    ctx.addIssue({ code: "custom", message: "must hold plain text only (no NUL characters or broken Unicode)" });
    return z.NEVER;
  }
  return parsed.data;
});

/** A `meta` argument read as above (left out, it is {}), then as the object of the fields its operation knows. */
export function metaOf<T extends z.ZodType<unknown, Record<string, unknown>>>(fields: T) {
  return metaInput.pipe(fields).prefault({});
}
