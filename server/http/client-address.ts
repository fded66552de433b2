import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * What the proxies in front vouch for in a forwarding header (X-Forwarded-For, -Proto, -Host): each
 * proxy appends what it was told, so with `trustedProxyHops` proxies the entry that many from the
 * right is the one the outermost trusted proxy saw; the entries further left were written by the
 * client and cannot be trusted. Undefined without the header.
 */
export function trustedForwardedValue(header: string | undefined, trustedProxyHops: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[entries.length - trustedProxyHops] ?? entries[0];
}

/**
 * The client's address for rate limits. Behind `trustedProxyHops` proxies (a load balancer, a CDN)
 * the socket is the last proxy, so the address is read from X-Forwarded-For.
 */
export function clientAddressOf(c: Context, trustedProxyHops: number): string {
  const socketAddress = getConnInfo(c).remote.address ?? "unknown";
  if (trustedProxyHops === 0) return socketAddress;
  return trustedForwardedValue(c.req.header("x-forwarded-for"), trustedProxyHops) ?? socketAddress;
}
