import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { bagCookie, readBagToken } from "../../app/lib/bag-cookie.server.ts";
import { LINK_RESULT, linkResultPath, SIGN_IN_ERROR, signInErrorPath } from "../../app/lib/sign-in-codes.ts";
import { parseProviderType } from "../../domain/members/identity.ts";
import { isWellFormedSessionToken, newSessionToken } from "../../domain/members/session-token.ts";
import { LINK_RETURN_PATH, SIGN_IN_ATTEMPT_TTL_MS } from "../../domain/members/sign-in-attempts.ts";
import { isAppError } from "../../domain/shared/app-error.ts";
import type { Shop } from "../../domain/shop.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import { appendCookie, clearedSessionCookie, cookieHeader, readSessionToken, sessionCookie } from "./member-session.ts";
import type { HttpEnv } from "./request-context.ts";

type AuthContext = Context<HttpEnv>;
type Deps = { shop: Shop; publicUrl: string; secureCookies: boolean };

/** Binds a sign-in attempt to the browser that started it. */
const SIGN_IN_COOKIE = "signin";
const CALLBACK_PATHS = ["/member/login", "/member/login/", "/member/link", "/member/link/"];

function page(title: string, message: string): string {
  const escaped = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(title)}</title></head><body><main><h1>${escaped(title)}</h1><p>${escaped(message)}</p><p><a href="/member/login">Back to sign-in</a></p></main></body></html>`;
}

/**
 * The backend-for-frontend half of sign-in: starting a sign-in or a link (POST), the provider's return
 * (GET with code and state, or error), and sign-out. Mounted before the pages, which render the same
 * paths when there is nothing to do here.
 */
export function mountMemberAuthRoutes(app: Hono<HttpEnv>, deps: Deps): void {
  const { shop, secureCookies } = deps;
  const ownOrigin = new URL(deps.publicUrl).origin;

  /** Form posts must come from this site's own pages (what SameSite=Lax leaves open for top-level POSTs). */
  function sameOrigin(c: AuthContext): boolean {
    const site = c.req.header("sec-fetch-site");
    if (site) return site === "same-origin";
    const origin = c.req.header("origin");
    return !!origin && (origin === ownOrigin || origin === new URL(c.req.url).origin);
  }

  async function limited(c: AuthContext, limit: (client: string) => Promise<void>): Promise<Response | null> {
    try {
      await limit(c.var.clientAddress);
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

  async function start(c: AuthContext, purpose: "login" | "link"): Promise<Response> {
    if (!sameOrigin(c)) return c.html(page("Sign-in refused", "This sign-in did not start from this shop's pages."), 403);
    const refused = await limited(c, shop.signIn.limitStart);
    if (refused) return refused;
    const session = c.var.session;
    if (purpose === "link" && !session) return see(c, `/member/login?redirect=${encodeURIComponent(LINK_RETURN_PATH)}`);
    const form = await c.req.parseBody();
    const provider = parseProviderType(form.provider);
    if (!provider) return c.html(page("Sign-in refused", "Choose Google or Facebook to sign in with."), 400);
    const existing = getCookie(c, SIGN_IN_COOKIE);
    const browserToken = isWellFormedSessionToken(existing) ? existing : newSessionToken();
    let authorizeUrl: URL;
    try {
      authorizeUrl = await shop.signIn.start(
        purpose === "link" && session
          ? { purpose, provider, memberId: session.memberId, browserToken }
          : { purpose: "login", provider, returnPath: form.redirect, browserToken },
      );
    } catch (error) {
      if (!(error instanceof IdentityProviderError)) throw error;
      c.var.log.error({ err: error }, "could not start a sign-in at the identity provider");
      return see(c, purpose === "link" ? linkResultPath(LINK_RESULT.failed) : signInErrorPath(SIGN_IN_ERROR.failed));
    }
    const ttl = SIGN_IN_ATTEMPT_TTL_MS / 1000;
    return see(c, authorizeUrl.href, [cookieHeader(SIGN_IN_COOKIE, browserToken, ttl, secureCookies, "/member")]);
  }

  async function callback(c: AuthContext, next: () => Promise<void>): Promise<Response | undefined> {
    const { code, state, error } = c.req.query();
    // The provider always returns the state it was sent; the login page's own `?error=` codes carry none.
    if (!state || !(code || error)) {
      await next();
      return;
    }
    const refused = await limited(c, shop.signIn.limitCallback);
    if (refused) return refused;
    const attempt = await shop.signIn.consume({ state, browserToken: getCookie(c, SIGN_IN_COOKIE) ?? null });
    const purpose = c.req.path.startsWith("/member/link") ? "link" : "login";
    if (error) {
      c.var.log.info({ error, purpose }, "the identity provider returned an error");
      if (purpose === "link" && attempt) return see(c, linkResultPath(LINK_RESULT.failed));
      return see(c, signInErrorPath(error === "access_denied" ? SIGN_IN_ERROR.cancelled : SIGN_IN_ERROR.failed));
    }
    if (!attempt) return see(c, signInErrorPath(SIGN_IN_ERROR.expired));
    if (attempt.purpose !== purpose) return see(c, signInErrorPath(SIGN_IN_ERROR.failed));
    const callbackUrl = new URL(c.req.url);
    try {
      if (attempt.purpose === "link") {
        const outcome = await shop.signIn.finishLink({ attempt, callbackUrl, session: c.var.session });
        return see(c, outcome ? linkResultPath(outcome) : signInErrorPath(SIGN_IN_ERROR.failed));
      }
      const done = await shop.signIn.finishLogin({
        attempt,
        callbackUrl,
        previousSessionToken: readSessionToken(c, secureCookies),
        bagToken: readBagToken(c.req.raw),
      });
      c.set("session", done.opened.session);
      const cookies = [sessionCookie(done.opened.token, done.opened.expiresAt, secureCookies)];
      if (done.bagToken) cookies.push(bagCookie(done.bagToken, secureCookies));
      return see(c, done.returnPath, cookies);
    } catch (failure) {
      if (failure instanceof IdentityProviderError) {
        // The exchange's message is the spec's "HTTP error! status: {n}" when the provider answered.
        c.var.log.error({ err: failure, errorName: failure.errorName, purpose }, failure.message);
      } else if (isAppError(failure)) {
        c.var.log.error({ err: failure, code: failure.code, purpose }, "sign-in refused");
      } else {
        throw failure;
      }
      return see(c, purpose === "link" ? linkResultPath(LINK_RESULT.failed) : signInErrorPath(SIGN_IN_ERROR.failed));
    }
  }

  app.post("/member/login", (c) => start(c, "login"));
  app.post("/member/link", (c) => start(c, "link"));
  for (const path of CALLBACK_PATHS) app.get(path, callback);
  // Sign-out: the session ends server-side, then the page (which reloads to /) renders signed out.
  app.on("GET", ["/member/logout", "/member/logout/"], async (c, next) => {
    await shop.sessions.end(readSessionToken(c, secureCookies));
    c.set("session", null);
    await next();
    // Added to the page's own response: headers set before next() would not survive it.
    appendCookie(c, clearedSessionCookie(secureCookies));
    appendCookie(c, cookieHeader("bag", "", 0, secureCookies));
  });
}
