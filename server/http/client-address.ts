import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address for rate limits. Behind `trustedProxyHops` proxies (a load balancer, a CDN)
 * the socket is the last proxy, so the address is read from X-Forwarded-For, counting from the right:
 * the entries further left were written by the client and cannot be trusted.
 */
export function clientAddressOf(c: Context, trustedProxyHops: number): string {
  const socketAddress = getConnInfo(c).remote.address ?? "unknown";
  if (trustedProxyHops === 0) return socketAddress;
  return forwardedEntry(c.req.header("x-forwarded-for"), trustedProxyHops) ?? socketAddress;
}

/** The entry of a comma-separated X-Forwarded-* header the trusted proxies wrote: `trustedProxyHops` from the right. */
export function forwardedEntry(header: string | null | undefined, trustedProxyHops: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[entries.length - trustedProxyHops] ?? entries[0];
}
