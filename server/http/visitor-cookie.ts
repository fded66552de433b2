import type { Context, MiddlewareHandler } from "hono";
import { BAG_COOKIE, BAG_COOKIE_MAX_AGE, readBagToken } from "../../app/lib/bag-cookie.server.ts";
import { VISITOR_COOKIE, visitorCookieIn, visitorCookieValue } from "../../app/lib/visitor-state.ts";
import { countBagItems } from "../../domain/bag/count-bag-items.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import type { HttpEnv } from "./request-context.ts";
import { appendResponseHeader } from "./response-headers.ts";

/** Script-readable (no HttpOnly): the header reads it; it holds only what the header shows. */
function visitorCookie(value: string | null, secure: boolean): string {
  const maxAge = value === null ? 0 : BAG_COOKIE_MAX_AGE;
  return `${VISITOR_COOKIE}=${value ?? ""}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/** The bag token the browser holds once this response arrives: the one it sets, else the one it sent. */
function bagTokenAfter(c: Context<HttpEnv>): string | null {
  const set = c.res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BAG_COOKIE}=`));
  if (set === undefined) return readBagToken(c.req.raw);
  return set.slice(BAG_COOKIE.length + 1, set.indexOf(";")) || null;
}

/**
 * Whose bag to count once this response arrives: the request's viewer while the browser keeps its
 * bag and session; a browser whose session ended here (sign-out, expiry) has no rewards to count.
 */
function viewerAfter(c: Context<HttpEnv>, bagToken: string | null): Viewer {
  const { viewer } = c.var.operations;
  if (viewer.kind === "member") return c.var.session === null ? guest(bagToken) : { ...viewer, bagToken };
  return bagToken === readBagToken(c.req.raw) ? viewer : guest(bagToken);
}

/**
 * Keeps the visitor cookie (bag count, signed in) current on every response that is not a page for
 * everyone: after a bag change, a sign-in or sign-out, an ended session, or a bag emptied by an
 * order. Only browsers holding a bag, a session or a visitor cookie cost a bag read; a response
 * whose cookie is already right sets nothing.
 */
export function visitorCookieKeeper(options: { secureCookies: boolean }): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    if (c.var.sharedPage) return;
    const sent = visitorCookieIn(c.req.header("cookie"));
    const bagToken = bagTokenAfter(c);
    const signedIn = c.var.session !== null;
    if (sent === null && bagToken === null && !signedIn) return;
    const operations = c.var.operations;
    const bagCount = await countBagItems({ ...operations, viewer: viewerAfter(c, bagToken) }, {});
    const value = visitorCookieValue({ bagCount, signedIn });
    if (value !== sent) appendResponseHeader(c, "Set-Cookie", visitorCookie(value, options.secureCookies));
  };
}
