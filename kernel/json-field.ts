/**
 * JSON fields in results (activities, pointTransactions[].meta, redeems[].meta) arrive as objects, as JSON
 * strings, or double-encoded (a JSON string whose content is again a JSON string). They are parsed into
 * objects or arrays; malformed JSON yields the fallback and is reported so the caller can log it.
 */

/** A string field is decoded at most this many times (triple-encoded is the deepest accepted). */
const MAX_DECODE_DEPTH = 3;

export type MalformedJsonField = { raw: string; error: string };

function isObjectOrArray(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** Absent: null, undefined or an empty (blank) string, possibly itself JSON-encoded ("null", "\"\""). */
function isAbsent(value: unknown): boolean {
  return value == null || (typeof value === "string" && value.trim() === "");
}

export function parseJsonField<T>(value: unknown, fallback: T, onMalformed?: (detail: MalformedJsonField) => void): T {
  if (isAbsent(value)) return fallback;
  if (isObjectOrArray(value)) return value as T;
  const raw = typeof value === "string" ? value : String(value);
  const malformed = (error: string): T => {
    onMalformed?.({ raw, error });
    return fallback;
  };
  if (typeof value !== "string") return malformed(`expected an object, an array or a JSON string, got ${typeof value}`);

  let current: unknown = value;
  for (let depth = 0; depth < MAX_DECODE_DEPTH && typeof current === "string"; depth++) {
    try {
      current = JSON.parse(current);
    } catch (error) {
      return malformed(error instanceof Error ? error.message : String(error));
    }
    if (isAbsent(current)) return fallback;
  }
  if (isObjectOrArray(current)) return current as T;
  if (typeof current === "string") return malformed(`still a JSON string after ${MAX_DECODE_DEPTH} decodes`);
  return malformed(`expected a JSON object or array, got ${typeof current}`);
}

/**
 * What we send: a JSON field (e.g. meta) goes out as a single-encoded JSON string. A value that is
 * already a JSON string is decoded first, so a field is never sent double-encoded.
 */
export function stringifyJsonField(value: unknown, onMalformed?: (detail: MalformedJsonField) => void): string {
  const decoded: unknown = typeof value === "string" ? parseJsonField(value, {}, onMalformed) : value;
  return JSON.stringify(decoded ?? {}) ?? "{}";
}
