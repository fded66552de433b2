import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";

/** What marks a response its handler wrote to the socket itself (the embedded identity provider's). */
const [SENT_BY_HANDLER] = RESPONSE_ALREADY_SENT.headers.keys();

/**
 * Sets headers on the response a handler made. Hono's `c.header()` on a finished response makes a
 * new response for every header, copying its body each time; this writes into the response's own
 * headers, and copies the response once only when they cannot change (a redirect's, a fetched one's).
 * A response already written by its handler is left alone: its headers have gone.
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  if (SENT_BY_HANDLER && c.res.headers.has(SENT_BY_HANDLER)) return;
  const entries = Object.entries(headers);
  try {
    for (const [name, value] of entries) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of entries) c.res.headers.set(name, value);
  }
}
