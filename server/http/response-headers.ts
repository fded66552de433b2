import type { Context } from "hono";

/**
 * Sets headers on the response a handler made. Hono's `c.header()` on a finished response makes a
 * new response for every header, copying its body each time; this writes into the response's own
 * headers, and copies the response once only when they cannot change (a redirect's, a fetched one's).
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  try {
    for (const [name, value] of entries) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of entries) c.res.headers.set(name, value);
  }
}
