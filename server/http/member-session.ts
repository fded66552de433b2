import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { ResumeSession } from "../../domain/identity/session-resume.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import type { HttpEnv } from "./request-context.ts";
import { appendResponseHeader, setResponseHeaders } from "./response-headers.ts";

/** `__Host-` pins the cookie to this host over HTTPS, path /, with no Domain: staging and production. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

export function readSessionToken(c: Context, secure: boolean): string | null {
  return getCookie(c, sessionCookieName(secure)) ?? null;
}

export function cookieHeader(name: string, value: string, maxAgeSeconds: number, secure: boolean, path = "/"): string {
  return `${name}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

const secondsUntil = (end: Date, now: Date) => Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));

/** The session cookie lives exactly as long as the session may (its absolute end). */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean, now = new Date()): string {
  return cookieHeader(sessionCookieName(secure), token, secondsUntil(expiresAt, now), secure);
}

export function clearedSessionCookie(secure: boolean): string {
  return cookieHeader(sessionCookieName(secure), "", 0, secure);
}

/**
 * The session's CSRF token for the page's own scripts, which send it back as `X-CSRF-Token` to
 * /graphql: readable by scripts (not HttpOnly), useless to another site, which cannot read it.
 */
export function csrfCookieName(secure: boolean): string {
  return secure ? "__Host-csrf-token" : "csrf-token";
}

function scriptCookieHeader(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

export function csrfCookie(session: Pick<ActiveSession, "csrfToken" | "expiresAt">, secure: boolean, now = new Date()): string {
  return scriptCookieHeader(csrfCookieName(secure), session.csrfToken, secondsUntil(session.expiresAt, now), secure);
}

export function clearedCsrfCookie(secure: boolean): string {
  return scriptCookieHeader(csrfCookieName(secure), "", 0, secure);
}

/** Hands the browser the CSRF token of the session it ends the request with, or clears a token it no longer has. */
function keepCsrfCookie(c: Context<HttpEnv>, secure: boolean): void {
  const held = getCookie(c, csrfCookieName(secure));
  const session = c.var.session;
  if (session && held !== session.csrfToken) appendCookie(c, csrfCookie(session, secure));
  if (!session && held !== undefined) appendCookie(c, clearedCsrfCookie(secure));
}

/** Adds a Set-Cookie to the response unless the response already sets that cookie (a newer value wins). */
export function appendCookie(c: Context, setCookie: string): void {
  const name = setCookie.slice(0, setCookie.indexOf("="));
  if (c.res.headers.getSetCookie().some((existing) => existing.startsWith(`${name}=`))) return;
  appendResponseHeader(c, "Set-Cookie", setCookie);
}

/**
 * Resumes the browser's session when it sends a session cookie (no cookie, no database read). A
 * cookie whose session has ended is cleared and the request marked, so member pages can send the
 * shopper to sign in again. Signed-in responses are never stored by shared caches. The CSRF token
 * cookie follows the session the response ends with (signed in, signed out or ended).
 */
export function memberSession(options: { resume: ResumeSession; secureCookies: boolean }): MiddlewareHandler<HttpEnv> {
  const { resume, secureCookies } = options;
  return async (c, next) => {
    const token = readSessionToken(c, secureCookies);
    let clear = false;
    if (token !== null) {
      const resumed = await resume(token);
      if (resumed === null || resumed === "expired") {
        clear = true;
        c.set("sessionExpired", resumed === "expired");
      } else {
        c.set("session", resumed);
      }
    }
    await next();
    if (clear) appendCookie(c, clearedSessionCookie(secureCookies));
    keepCsrfCookie(c, secureCookies);
    if (token !== null && !c.res.headers.has("Cache-Control")) setResponseHeaders(c, { "Cache-Control": "private, no-store" });
  };
}
