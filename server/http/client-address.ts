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
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedProxyHops] ?? forwarded[0] ?? socketAddress;
}
