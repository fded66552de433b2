export const DEFAULT_RETURN_PATH = "/member";
const MAX_LENGTH = 2048;
const ORIGIN = "https://return-path.invalid";
/** Pages a sign-in must never return to: the login page itself, sign-out and the link callback. */
const NOT_RETURNABLE = /^\/member\/(?:login|logout|link)(?:\/|$)/i;

/** Backslashes (browsers read them as slashes) and control characters (header splitting, tab-stripping). */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Where a shopper may be sent back after signing in: a path on this site only. Anything else
 * (another host, a scheme, `//host`, backslashes, control characters, also when percent-encoded)
 * becomes `/member`, and so does the login page itself.
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return DEFAULT_RETURN_PATH;
  const decoded = decodedOnce(raw);
  for (const form of [raw, decoded]) {
    if (form === null || !form.startsWith("/") || form.startsWith("//") || hasUnsafeCharacter(form)) {
      return DEFAULT_RETURN_PATH;
    }
  }
  const url = new URL(raw, ORIGIN);
  const path = `${url.pathname}${url.search}`;
  // Dot segments can fold a path into "//host" (e.g. "/..//host"), so the result is checked again.
  if (url.origin !== ORIGIN || path.startsWith("//") || NOT_RETURNABLE.test(url.pathname)) return DEFAULT_RETURN_PATH;
  return path;
}
