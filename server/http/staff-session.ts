import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { resumeStaffSession } from "../../domain/identity/staff-sessions.ts";
import { isCrossSiteAction } from "./cross-site-posts.ts";
import { appendCookie, cookieHeader } from "./member-session.ts";
import type { HttpEnv } from "./request-context.ts";
import { setResponseHeaders } from "./response-headers.ts";

/** The back office's own sign-in cookie, apart from the member's: `__Host-` over HTTPS. */
export function staffCookieName(secure: boolean): string {
  return secure ? "__Host-staff" : "staff";
}

export function staffCookie(token: string, expiresAt: Date, secure: boolean, now = new Date()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return cookieHeader(staffCookieName(secure), token, maxAge, secure);
}

export function clearedStaffCookie(secure: boolean): string {
  return cookieHeader(staffCookieName(secure), "", 0, secure);
}

export const readStaffToken = (c: Context, secure: boolean): string | null => getCookie(c, staffCookieName(secure)) ?? null;

/** `/admin`, `/admin/…`, and `/admin.data`: the home's data as a client-side navigation fetches it. */
const BACK_OFFICE_PATH = /^\/admin(?:\/|\.data$|$)/i;

export const isBackOfficePath = (path: string): boolean => BACK_OFFICE_PATH.test(path);

/**
 * For the back office's paths only: a live staff session makes the request's viewer that staff
 * member; the shop's own pages never read the staff cookie, and a post from another site is not
 * theirs (the cross-site check refuses it). A cookie whose session has ended is cleared. Back-office
 * answers are never stored nor indexed.
 */
export function staffSession(options: { secureCookies: boolean }): MiddlewareHandler<HttpEnv> {
  const { secureCookies } = options;
  return async (c, next) => {
    if (!isBackOfficePath(c.req.path)) return next();
    const token = isCrossSiteAction(c.req.raw, c.var.siteOrigin) ? null : readStaffToken(c, secureCookies);
    if (token !== null) {
      const operations = c.var.operations;
      const viewer = await resumeStaffSession(operations, token, operations.now());
      if (viewer) c.set("operations", { ...operations, viewer });
      else appendCookie(c, clearedStaffCookie(secureCookies));
    }
    await next();
    setResponseHeaders(c, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  };
}
