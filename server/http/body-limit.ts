import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { GRAPHQL_PATH } from "../graphql/yoga.ts";
import type { HttpEnv } from "./request-context.ts";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * GET and HEAD carry no body. Asking such a request for its body costs the HTTP adapter a whole
 * `Request` built for nothing, 4-5 % of a page's render.
 */
export const mayCarryBody = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * Refuses bodies over the limit with a clear 413 before anything reads them; at the GraphQL endpoint
 * in GraphQL's error shape, which its clients read.
 */
export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      const message = `Request body is too large (limit ${maxSize / 1024} KB).`;
      if (c.req.path === GRAPHQL_PATH) return c.json({ errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE" } }] }, 413);
      return c.json({ error: message }, 413);
    },
  });
}

/** The most of a refused upload read through (and dropped) so that the browser sending it gets the answer. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads a refused body to its end, keeping nothing, when its length is declared and within
 * DRAIN_MAX_BYTES: a browser still sending its form would take an answer cut in before it as a
 * failed connection. Says whether it did; a body already being read (no declared length) cannot be.
 */
async function drained(request: Request): Promise<boolean> {
  const body = request.body;
  if (!body || body.locked || !(Number(request.headers.get("content-length")) <= DRAIN_MAX_BYTES)) return false;
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {}
    return true;
  } catch (error) {
    // The browser gave up sending: there is no one to answer, and the request ends as abandoned.
    if (request.signal.aborted) return false;
    throw error;
  }
}

/** The request as it came, less its body and the headers that describe one. */
function withoutBody(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/**
 * A page's upload form over its limit: the body is dropped unkept and the page is told
 * (`bodyTooLarge`), so it answers with itself and its own message. A JSON 413 would show a person raw
 * text, and the page's script, which posts the form to the `.data` address, could not read it at all.
 * A body that could not be read through leaves the connection unusable, so the answer closes it.
 */
export function limitPageBody(maxSize: number): MiddlewareHandler<HttpEnv> {
  return (c, next) =>
    bodyLimit({
      maxSize,
      onError: async () => {
        const usable = await drained(c.req.raw);
        c.set("bodyTooLarge", true);
        c.req.raw = withoutBody(c.req.raw);
        await next();
        if (!usable) c.res.headers.set("Connection", "close");
        return c.res;
      },
    })(c, next);
}
