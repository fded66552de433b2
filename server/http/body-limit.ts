import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export const MAX_BODY_BYTES = 64 * 1024;

/** Refuses bodies over the limit with a clear 413 before anything reads them. */
export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json({ error: `Request body is too large (limit ${maxSize / 1024} KB).` }, 413),
  });
}
