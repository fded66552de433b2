import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cancelSignIn } from "../../domain/identity/cancel-sign-in.ts";
import { finishStaffSignIn } from "../../domain/identity/finish-staff-sign-in.ts";
import { isWellFormedSessionToken, newSessionToken } from "../../domain/identity/session-token.ts";
import { SIGN_IN_ATTEMPT_TTL_MS } from "../../domain/identity/sign-in-attempts.ts";
import { staffSignOut } from "../../domain/identity/staff-sign-out.ts";
import { STAFF_HOME_PATH, STAFF_LOGIN_PATH, startStaffSignIn } from "../../domain/identity/start-staff-sign-in.ts";
import { consumeRateLimit, type RateLimit, SIGN_IN_CALLBACK_LIMIT, SIGN_IN_LIMIT } from "../../domain/shared/rate-limit.ts";
import { IdentityProviderError } from "../../integrations/identity/identity-client.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { formText, isSameOriginPost, page } from "./member-auth-routes.ts";
import { cookieHeader } from "./member-session.ts";
import type { HttpEnv } from "./request-context.ts";
import { clearedStaffCookie, staffCookie } from "./staff-session.ts";

type StaffAuthContext = Context<HttpEnv>;

/** Binds a back-office sign-in attempt to the browser that started it. */
const STAFF_SIGN_IN_COOKIE = "staff_signin";
const LOGOUT_PATH = "/admin/logout";
const BACK_TO_STAFF_SIGN_IN = { href: STAFF_LOGIN_PATH, label: "Back to staff sign-in" };
const BACK_TO_SHOP = { href: "/", label: "Back to the shop" };

/**
 * The back office's sign-in edge, apart from the member's: starting a staff sign-in (POST
 * /admin/login), the provider's return to /admin/login, and sign-out (POST /admin/logout). Same
 * identity provider, its own attempt purpose, cookie and session; never a member.
 */
export function mountStaffAuthRoutes(app: Hono<HttpEnv>, deps: { publicUrl: string; secureCookies: boolean }): void {
  const { secureCookies } = deps;
  const ownOrigin = new URL(deps.publicUrl).origin;

  async function limited(c: StaffAuthContext, rule: RateLimit): Promise<Response | null> {
    try {
      await consumeRateLimit(c.var.operations.db, rule, c.var.clientAddress);
      return null;
    } catch (error) {
      if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
      return c.html(page("Too many sign-in attempts", error.message, BACK_TO_STAFF_SIGN_IN), 429);
    }
  }

  function see(c: StaffAuthContext, location: string, cookies: string[]): Response {
    for (const value of cookies) c.header("Set-Cookie", value, { append: true });
    return c.redirect(location, 303);
  }

  app.post(STAFF_LOGIN_PATH, async (c) => {
    if (!isSameOriginPost(c, ownOrigin)) {
      return c.html(page("Sign-in refused", "This sign-in did not start from this shop's pages.", BACK_TO_STAFF_SIGN_IN), 403);
    }
    const refused = await limited(c, SIGN_IN_LIMIT);
    if (refused) return refused;
    const form = await c.req.parseBody();
    const existing = getCookie(c, STAFF_SIGN_IN_COOKIE);
    const browserToken = isWellFormedSessionToken(existing) ? existing : newSessionToken();
    try {
      const url = await startStaffSignIn(c.var.operations, { provider: formText(form.provider) ?? "", browserToken });
      const ttl = SIGN_IN_ATTEMPT_TTL_MS / 1000;
      return see(c, url.href, [cookieHeader(STAFF_SIGN_IN_COOKIE, browserToken, ttl, secureCookies, STAFF_LOGIN_PATH)]);
    } catch (error) {
      if (isAppError(error) && error.code === "BAD_USER_INPUT") {
        return c.html(page("Sign-in refused", "Choose Google or Facebook to sign in with.", BACK_TO_STAFF_SIGN_IN), 400);
      }
      if (!(error instanceof IdentityProviderError)) throw error;
      c.var.log.error({ err: error }, "could not start a staff sign-in at the identity provider");
      return c.html(
        page("Sign-in unavailable", "The sign-in service did not answer. Please try again.", BACK_TO_STAFF_SIGN_IN),
        503,
      );
    }
  });

  // Staging and production return to the address with a trailing slash (SPEC.md §2), the others without.
  app.on("GET", [STAFF_LOGIN_PATH, `${STAFF_LOGIN_PATH}/`], async (c, next) => {
    const { code, state, error } = c.req.query();
    if (!state || !(code || error)) return next();
    const refused = await limited(c, SIGN_IN_CALLBACK_LIMIT);
    if (refused) return refused;
    const returned = { state, browserToken: getCookie(c, STAFF_SIGN_IN_COOKIE) ?? null, callbackUrl: new URL(c.req.url) };
    if (error) {
      // Cancelled or refused at the provider: the attempt is used up, and the sign-in page offers another.
      await cancelSignIn(c.var.operations, returned);
      return see(c, STAFF_LOGIN_PATH, []);
    }
    try {
      const opened = await finishStaffSignIn(c.var.operations, returned);
      return see(c, STAFF_HOME_PATH, [staffCookie(opened.token, opened.expiresAt, secureCookies)]);
    } catch (failure) {
      if (failure instanceof IdentityProviderError) {
        c.var.log.error({ err: failure, errorName: failure.errorName }, failure.message);
        return c.html(
          page("Sign-in failed", "The sign-in could not be completed. Please try again.", BACK_TO_STAFF_SIGN_IN),
          502,
        );
      }
      if (!isAppError(failure)) throw failure;
      if (failure.code === "FORBIDDEN") return c.html(page("Not allowed", failure.message, BACK_TO_SHOP), 403);
      return c.html(page("Sign-in expired", "This sign-in has expired. Please start again.", BACK_TO_STAFF_SIGN_IN), 400);
    }
  });

  app.post(LOGOUT_PATH, async (c) => {
    if (!isSameOriginPost(c, ownOrigin)) {
      return c.html(page("Sign-out refused", "This sign-out did not come from the back office's pages.", BACK_TO_SHOP), 403);
    }
    const form = await c.req.parseBody();
    try {
      await staffSignOut(c.var.operations, { csrfToken: formText(form.csrf) });
    } catch (error) {
      if (!isAppError(error) || error.code !== "FORBIDDEN") throw error;
      return c.html(page("Sign-out refused", error.message, BACK_TO_SHOP), 403);
    }
    return see(c, STAFF_LOGIN_PATH, [clearedStaffCookie(secureCookies)]);
  });
}
