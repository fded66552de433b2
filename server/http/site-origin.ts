import type { Context } from "hono";
import { trustedForwardedValue } from "./client-address.ts";

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The origin shoppers reach the shop at, for the absolute addresses pages carry (canonical links,
 * structured data): `PUBLIC_URL`'s when it is set; otherwise the request's own, which behind
 * `trustedProxyHops` proxies is the protocol and host they forward (X-Forwarded-Proto and -Host).
 * Without trusted proxies those headers are ignored, since anyone can write them; a forwarded value
 * that is not a protocol or a host is ignored too.
 */
export function siteOriginOf(c: Context, publicUrl: string | undefined, trustedProxyHops: number): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const own = new URL(c.req.url);
  if (trustedProxyHops === 0) return own.origin;
  const proto = trustedForwardedValue(c.req.header("x-forwarded-proto"), trustedProxyHops)?.toLowerCase();
  const host = trustedForwardedValue(c.req.header("x-forwarded-host"), trustedProxyHops);
  const scheme = proto === "http" || proto === "https" ? proto : own.protocol.slice(0, -1);
  try {
    return new URL(`${scheme}://${host && HOST.test(host) ? host : own.host}`).origin;
  } catch {
    // A host of the right shape that is still no address (a port past 65535).
    return `${scheme}://${own.host}`;
  }
}
