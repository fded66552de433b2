import { mayCarryBody } from "./body-limit.ts";

/**
 * The request as the browser made it, for the pages: at the site's origin (PUBLIC_URL's, or the one
 * trusted proxies forward; see site-origin.ts). Behind proxies that end TLS the shop is spoken to over
 * plain HTTP, yet React Router refuses a form post whose Origin is not the request's own, and pages
 * build addresses (payment return addresses) from the request.
 */
export function requestAtSiteOrigin(request: Request, siteOrigin: string): Request {
  const url = new URL(request.url);
  if (url.origin === siteOrigin) return request;
  const moved = new URL(`${url.pathname}${url.search}`, siteOrigin);
  if (mayCarryBody(request.method)) return new Request(moved, request);
  // Built from its parts: copying the request itself would first make the HTTP adapter build it whole.
  return new Request(moved, { method: request.method, headers: request.headers, signal: request.signal });
}
