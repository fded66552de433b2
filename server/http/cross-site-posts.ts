import type { MiddlewareHandler } from "hono";
import { refusalPage } from "./refusal-page.ts";
import type { HttpEnv } from "./request-context.ts";

/** The methods that run a page's action. */
const ACTION_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request to a page's action whose Origin is not the site's (the origin pages are handed the
 * request at, see site-request.ts): another site's form, or an Origin that is not an address at all
 * ("null", from a sandboxed frame). React Router applies this same rule before any action runs;
 * without an Origin (a client that is not a browser) it lets the post in.
 */
export function isCrossSiteAction(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin === null || !ACTION_METHODS.has(request.method)) return false;
  try {
    return new URL(origin).origin !== siteOrigin;
  } catch {
    return true;
  }
}

/**
 * Refuses a cross-site post to a page with a plain 403 page and one warning. React Router would
 * refuse it too, but through its error handler, as a failure with a stack trace: a hostile request
 * refused as intended is not a failure of the shop, and an attack must not flood the error log.
 */
export function refuseCrossSiteActions(brandName: string): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (!isCrossSiteAction(c.req.raw, c.var.siteOrigin)) return next();
    c.var.log.warn({ origin: c.req.header("origin") }, "refused a form post from another site");
    const message = "The shop accepts forms sent from its own pages only. Go back to the shop and send it from there.";
    return refusalPage(c, { status: 403, title: "Forbidden", heading: "This form came from another site", message }, brandName);
  };
}
