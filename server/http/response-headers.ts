import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";

/** What marks a response its handler wrote to the socket itself (the embedded identity provider's). */
const [SENT_BY_HANDLER] = RESPONSE_ALREADY_SENT.headers.keys();

/**
 * Writes into the headers of the response a handler made. Hono's `c.header()` on a finished
 * response makes a new response for every header, through its body; this writes into the
 * response's own headers, and copies the response once only when they cannot change (a
 * redirect's, a fetched one's). A response already written by its handler is left alone: its
 * headers have gone.
 */
function writeHeaders(c: Context, write: (headers: Headers) => void): void {
  if (SENT_BY_HANDLER && c.res.headers.has(SENT_BY_HANDLER)) return;
  try {
    write(c.res.headers);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.res = new Response(c.res.body, c.res);
    write(c.res.headers);
  }
}

/** Sets headers on the response, replacing any of the same names. */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  writeHeaders(c, (target) => {
    for (const [name, value] of entries) target.set(name, value);
  });
}

/** Adds a value to a header the response may already have (a second Set-Cookie). */
export function appendResponseHeader(c: Context, name: string, value: string): void {
  writeHeaders(c, (target) => target.append(name, value));
}
