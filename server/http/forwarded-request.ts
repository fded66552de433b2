import { forwardedEntry } from "./client-address.ts";

/**
 * The request with the address the browser used, for the pages. Behind proxies that end TLS (a load
 * balancer), the shop is spoken to over plain HTTP, yet React Router refuses a form post whose
 * Origin is not the request's own origin, and pages build addresses from it (payment return
 * addresses): so when the proxies are trusted (TRUSTED_PROXY_HOPS), the scheme is the one they
 * forward in X-Forwarded-Proto, read like X-Forwarded-For. Without trusted proxies the header is
 * ignored, since anyone can write it.
 */
export function forwardedRequest(request: Request, trustedProxyHops: number): Request {
  if (trustedProxyHops === 0) return request;
  const scheme = forwardedEntry(request.headers.get("x-forwarded-proto"), trustedProxyHops)?.toLowerCase();
  const url = new URL(request.url);
  if ((scheme !== "https" && scheme !== "http") || url.protocol === `${scheme}:`) return request;
  url.protocol = scheme;
  return new Request(url, request);
}
