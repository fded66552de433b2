import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";

export type HttpEnv = { Variables: { requestId: string; log: Logger; nonce: string } };

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request an id (kept from X-Request-Id when well formed), a child logger and an access log line. */
export function requestContext(logger: Logger): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) };
    if (c.res.status >= 500) log.error(line, "request failed");
    else log.info(line, "request");
  };
}
