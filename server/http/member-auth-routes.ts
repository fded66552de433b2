import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { bagCookie } from "../../app/lib/bag-cookie.server.ts";
import { LINK_RESULT, linkResultPath, SIGN_IN_ERROR, signInErrorPath } from "../../app/lib/sign-in-codes.ts";
import { cancelSignIn } from "../../domain/identity/cancel-sign-in.ts";
import { finishLink } from "../../domain/identity/finish-link.ts";
import { finishLogin } from "../../domain/identity/finish-login.ts";
import { isWellFormedSessionToken, newSessionToken } from "../../domain/identity/session-token.ts";
import { LINK_RETURN_PATH, SIGN_IN_ATTEMPT_TTL_MS } from "../../domain/identity/sign-in-attempts.ts";
import { signOut } from "../../domain/identity/sign-out.ts";
import { startSignIn } from "../../domain/identity/start-sign-in.ts";
import { consumeRateLimit, type RateLimit, SIGN_IN_CALLBACK_LIMIT, SIGN_IN_LIMIT } from "../../domain/shared/rate-limit.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { clearedSessionCookie, cookieHeader, sessionCookie } from "./member-session.ts";
import type { HttpEnv } from "./request-context.ts";

type AuthContext = Context<HttpEnv>;
type Deps = { publicUrl: string; secureCookies: boolean };
type Purpose = "login" | "link";

/** Binds a sign-in attempt to the browser that started it. */
const SIGN_IN_COOKIE = "signin";
const CALLBACK_PATHS = ["/member/login", "/member/login/", "/member/link", "/member/link/"];
const LOGOUT_PATHS = ["/member/logout", "/member/logout/"];
/** Where a sign-out lands: the page that clears the browser's own state and reloads the home page. */
const SIGNED_OUT_PATH = "/member/logout";

const BACK_TO_SIGN_IN = { href: "/member/login", label: "Back to sign-in" };

/** A plain page for an answer of the sign-in edge (a refusal, a limit). */
export function page(title: string, message: string, back = BACK_TO_SIGN_IN): string {
  const escaped = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(title)}</title></head><body><main><h1>${escaped(title)}</h1><p>${escaped(message)}</p><p><a href="${back.href}">${escaped(back.label)}</a></p></main></body></html>`;
}

export const formText = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Form posts must come from this site's own pages (what SameSite=Lax leaves open for top-level POSTs). */
export function isSameOriginPost(c: AuthContext, ownOrigin: string): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = c.req.header("origin");
  return !!origin && (origin === ownOrigin || origin === new URL(c.req.url).origin);
}

/**
 * The backend-for-frontend half of sign-in: starting a sign-in or a link (POST), the provider's return
 * (GET with code and state, or error), and sign-out (POST). Mounted before the pages, which render the
 * same paths when there is nothing to do here. Each step is one operation; the rate limits per client
 * address and the cookies are this edge's.
 */
export function mountMemberAuthRoutes(app: Hono<HttpEnv>, deps: Deps): void {
  const { secureCookies } = deps;
  const ownOrigin = new URL(deps.publicUrl).origin;

  const sameOrigin = (c: AuthContext) => isSameOriginPost(c, ownOrigin);

  async function limited(c: AuthContext, rule: RateLimit): Promise<Response | null> {
    try {
      await consumeRateLimit(c.var.operations.db, rule, c.var.clientAddress);
      return null;
    } catch (error) {
      if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
      return c.html(page("Too many sign-in attempts", error.message), 429);
    }
  }

  function see(c: AuthContext, location: string, cookies: string[] = []): Response {
    for (const value of cookies) c.header("Set-Cookie", value, { append: true });
    return c.redirect(location, 303);
  }

  async function start(c: AuthContext, purpose: Purpose): Promise<Response> {
    if (!sameOrigin(c)) return c.html(page("Sign-in refused", "This sign-in did not start from this shop's pages."), 403);
    const refused = await limited(c, SIGN_IN_LIMIT);
    if (refused) return refused;
    if (purpose === "link" && !c.var.session) return see(c, `/member/login?redirect=${encodeURIComponent(LINK_RETURN_PATH)}`);
    const form = await c.req.parseBody();
    const existing = getCookie(c, SIGN_IN_COOKIE);
    const browserToken = isWellFormedSessionToken(existing) ? existing : newSessionToken();
    let authorizeUrl: URL;
    try {
      authorizeUrl = await startSignIn(c.var.operations, {
        purpose,
        provider: formText(form.provider) ?? "",
        returnPath: form.redirect,
        browserToken,
      });
    } catch (error) {
      if (isAppError(error) && error.code === "BAD_USER_INPUT") {
        return c.html(page("Sign-in refused", "Choose Google, Facebook or an email code to sign in with."), 400);
      }
      if (!(error instanceof IdentityProviderError)) throw error;
      c.var.log.error({ err: error }, "could not start a sign-in at the identity provider");
      return see(c, purpose === "link" ? linkResultPath(LINK_RESULT.failed) : signInErrorPath(SIGN_IN_ERROR.failed));
    }
    const ttl = SIGN_IN_ATTEMPT_TTL_MS / 1000;
    return see(c, authorizeUrl.href, [cookieHeader(SIGN_IN_COOKIE, browserToken, ttl, secureCookies, "/member")]);
  }

  /** Where a return that could not finish sends the browser (an expected refusal, or the provider's failure). */
  function failedReturn(c: AuthContext, failure: unknown, purpose: Purpose): string {
    if (failure instanceof IdentityProviderError) {
      // The exchange's message is the spec's "HTTP error! status: {n}" when the provider answered.
      c.var.log.error({ err: failure, errorName: failure.errorName, purpose }, failure.message);
      return purpose === "link" ? linkResultPath(LINK_RESULT.failed) : signInErrorPath(SIGN_IN_ERROR.failed);
    }
    if (!isAppError(failure)) throw failure;
    // NOT_FOUND: no attempt to take (used, too old, or another browser's).
    if (failure.code === "NOT_FOUND") return signInErrorPath(SIGN_IN_ERROR.expired);
    c.var.log.error({ err: failure, code: failure.code, purpose }, "sign-in refused");
    return signInErrorPath(SIGN_IN_ERROR.failed);
  }

  async function callback(c: AuthContext, next: () => Promise<void>): Promise<Response | undefined> {
    const { code, state, error } = c.req.query();
    // The provider always returns the state it was sent; the login page's own `?error=` codes carry none.
    if (!state || !(code || error)) {
      await next();
      return;
    }
    const refused = await limited(c, SIGN_IN_CALLBACK_LIMIT);
    if (refused) return refused;
    const ctx = c.var.operations;
    const purpose: Purpose = c.req.path.startsWith("/member/link") ? "link" : "login";
    const returned = { state, browserToken: getCookie(c, SIGN_IN_COOKIE) ?? null };
    try {
      if (error) {
        c.var.log.info({ error, purpose }, "the identity provider returned an error");
        const cancelled = await cancelSignIn(ctx, returned);
        if (purpose === "link" && cancelled) return see(c, linkResultPath(LINK_RESULT.failed));
        return see(c, signInErrorPath(error === "access_denied" ? SIGN_IN_ERROR.cancelled : SIGN_IN_ERROR.failed));
      }
      const callbackUrl = new URL(c.req.url);
      if (purpose === "link") return see(c, linkResultPath(await finishLink(ctx, { ...returned, callbackUrl })));
      const done = await finishLogin(ctx, { ...returned, callbackUrl });
      c.set("session", done.opened.session);
      const cookies = [sessionCookie(done.opened.token, done.opened.expiresAt, secureCookies)];
      if (done.bagToken) cookies.push(bagCookie(done.bagToken, secureCookies));
      return see(c, done.returnPath, cookies);
    } catch (failure) {
      return see(c, failedReturn(c, failure, purpose));
    }
  }

  /**
   * Sign-out: a form post from this site's own page carrying the session's CSRF token, so another site
   * can never sign a member out. The session ends server-side; the page it lands on clears the
   * browser's own state and reloads the home page.
   */
  async function logout(c: AuthContext): Promise<Response> {
    const back = { href: "/member", label: "Back to your account" };
    if (!sameOrigin(c)) return c.html(page("Sign-out refused", "This sign-out did not come from this shop's pages.", back), 403);
    const form = await c.req.parseBody();
    try {
      await signOut(c.var.operations, { csrfToken: formText(form.csrf) });
    } catch (error) {
      if (!isAppError(error) || error.code !== "FORBIDDEN") throw error;
      return c.html(page("Sign-out refused", error.message, back), 403);
    }
    c.set("session", null);
    return see(c, SIGNED_OUT_PATH, [clearedSessionCookie(secureCookies), cookieHeader("bag", "", 0, secureCookies)]);
  }

  app.post("/member/login", (c) => start(c, "login"));
  app.post("/member/link", (c) => start(c, "link"));
  for (const path of CALLBACK_PATHS) app.get(path, callback);
  for (const path of LOGOUT_PATHS) app.post(path, logout);
}
