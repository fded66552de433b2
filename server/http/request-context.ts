import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { OperationContext } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import type { Logger } from "../logger.ts";
import { clientAddressOf } from "./client-address.ts";
import { READINESS_PATH } from "./probes.ts";
import { setResponseHeaders } from "./response-headers.ts";
import { siteOriginOf } from "./site-origin.ts";

export type HttpEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    nonce: string;
    /** The client's address as far as the trusted proxies say, for rate limits. */
    clientAddress: string;
    /** The origin shoppers reach the shop at, for the absolute addresses pages carry. */
    siteOrigin: string;
    /** The signed-in member's session, when the browser has a live one. */
    session: ActiveSession | null;
    /** The browser sent a session cookie whose session has ended (member pages ask it to sign in again). */
    sessionExpired: boolean;
    /** This response may be served to every visitor (the page cache keeps it): nothing may read who asks. */
    sharedPage: boolean;
    /** An upload form's body was over its address's limit and was not read (`limitPageBody`). */
    bodyTooLarge: boolean;
    /** The context every operation of this request runs with: services, the viewer, the logger. */
    operations: OperationContext;
  };
};

/** nginx's status for a request the client abandoned before the answer was complete. */
export const CLIENT_CLOSED_REQUEST = 499;

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (kept from X-Request-Id when well formed), a child logger, the client's
 * address and the site's origin as the trusted proxies say, and an access log line.
 */
export function requestContext(
  logger: Logger,
  { trustedProxyHops, publicUrl }: { trustedProxyHops: number; publicUrl: string | undefined },
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("clientAddress", clientAddressOf(c, trustedProxyHops));
    c.set("siteOrigin", siteOriginOf(c, publicUrl, trustedProxyHops));
    c.set("session", null);
    c.set("sessionExpired", false);
    c.set("sharedPage", false);
    c.set("bodyTooLarge", false);
    const started = performance.now();
    await next();
    setResponseHeaders(c, { "X-Request-Id": requestId });
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) };
    // A client that went away mid-request leaves the page half made (React Router answers 500 then):
    // that is the client's doing, not a failure, so it is logged apart, as nginx does, with 499.
    if (c.req.raw.signal.aborted) log.info({ ...line, status: CLIENT_CLOSED_REQUEST }, "client closed the request");
    // Readiness answers 503 on purpose while the process starts or stops: that is no failure.
    else if (c.res.status >= 500 && c.req.path !== READINESS_PATH) log.error(line, "request failed");
    else log.info(line, "request");
  };
}
