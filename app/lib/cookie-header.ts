/** A cookie's value in a Cookie header (or `document.cookie`), as sent; null when it is absent or empty. */
export function cookieIn(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const pair = part.trim();
    const separator = pair.indexOf("=");
    if (separator !== -1 && pair.slice(0, separator) === name) return pair.slice(separator + 1) || null;
  }
  return null;
}
