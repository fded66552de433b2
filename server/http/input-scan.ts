import { isStorableText } from "../../domain/shared/input.ts";

/** Deeper JSON is never something the shop asked for, and walking it recursively can exhaust the stack. */
export const MAX_JSON_DEPTH = 32;

/** A name is repeated in a message only when it is short and plain: replies never echo the request's text. */
const PLAIN_NAME = /^[A-Za-z0-9_.[\]-]{1,60}$/;

const named = (kind: string, name: string) => (PLAIN_NAME.test(name) ? `The ${kind} "${name}"` : `A ${kind}`);

const unstorable = (where: string) =>
  `${where} holds a NUL character or broken Unicode text, which cannot be accepted. Please remove it and try again.`;

const brokenEncoding = (where: string) =>
  `${where} has a broken percent-escape or is not UTF-8 text. Please check it and try again.`;

export const NOT_UTF8 = "The request body is not UTF-8 text, which cannot be accepted.";

/** Percent-decoded text; null when an escape is broken or its bytes are not UTF-8 (an encoded lone surrogate is not). */
function percentDecode(raw: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replaceAll("+", " ") : raw);
  } catch {
    return null;
  }
}

/** What is wrong with a URL path, each segment decoded as the router will, or null. */
export function pathProblem(pathname: string): string | null {
  if (!pathname.includes("%")) return null;
  for (const segment of pathname.split("/")) {
    const decoded = percentDecode(segment, false);
    if (decoded === null) return brokenEncoding("The web address");
    if (!isStorableText(decoded)) return unstorable("The web address");
  }
  return null;
}

/**
 * What is wrong with parsed JSON (a string or key that cannot be stored, or nesting deeper than
 * MAX_JSON_DEPTH), or null. It walks with its own stack, so no depth can overflow the call stack.
 */
export function jsonProblem(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value === "string") {
      if (!isStorableText(item.value)) return unstorable(named("value", item.path));
      continue;
    }
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) {
      return `The JSON in the request is nested more than ${MAX_JSON_DEPTH} levels deep, which cannot be accepted.`;
    }
    for (const [key, entry] of Object.entries(item.value)) {
      if (!isStorableText(key)) return unstorable(PLAIN_NAME.test(item.path) ? `A key in "${item.path}"` : "A key in the JSON");
      stack.push({ value: entry, path: item.path ? `${item.path}.${key}` : key, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * What is wrong with one form or query field, or null. The fields named in `jsonFields` carry JSON
 * text (GraphQL's variables over GET or a form post), which is read and walked as well.
 */
export function fieldProblem(name: string, value: string, jsonFields: ReadonlySet<string>): string | null {
  if (!isStorableText(name)) return unstorable("A field's name");
  if (!isStorableText(value)) return unstorable(named("field", name));
  if (!jsonFields.has(name)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${named("field", name)} is not valid JSON.`;
  }
  return jsonProblem(parsed, name);
}

/** What is wrong with a query string or a urlencoded form (decoded strictly, unlike URLSearchParams), or null. */
export function encodedFieldsProblem(encoded: string, jsonFields: ReadonlySet<string>): string | null {
  for (const pair of encoded.split("&")) {
    if (pair === "") continue;
    const separator = pair.indexOf("=");
    const name = percentDecode(separator < 0 ? pair : pair.slice(0, separator), true);
    if (name === null) return brokenEncoding("A field's name");
    const value = separator < 0 ? "" : percentDecode(pair.slice(separator + 1), true);
    if (value === null) return brokenEncoding(named("field", name));
    const problem = fieldProblem(name, value, jsonFields);
    if (problem) return problem;
  }
  return null;
}

/** What is wrong with text sent as a whole (a GraphQL document as the body), or null. */
export function textProblem(text: string): string | null {
  return isStorableText(text) ? null : unstorable("The request body");
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A body's bytes as text; null when they are not UTF-8. */
export function utf8(bytes: ArrayBuffer): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
