import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { PROFILE_PICTURE_SOURCES } from "../../domain/members/profile-picture.ts";
import type { HttpEnv } from "./request-context.ts";
import { setResponseHeaders } from "./response-headers.ts";

export type SecurityOptions = { production: boolean; formTargets: string[] };

/**
 * Which scripts a page trusts: those carrying the response's fresh nonce or, for a page kept for
 * everyone (`page-cache.ts`), its own inline scripts by hash; and what those load ('strict-dynamic').
 */
export type ScriptTrust = { nonce: string } | { sha256: string[] };

export function contentSecurityPolicy(trust: ScriptTrust, options: SecurityOptions): string {
  const scripts = "nonce" in trust ? [`'nonce-${trust.nonce}'`] : trust.sha256.map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    `script-src ${[...scripts, "'strict-dynamic'"].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${PROFILE_PICTURE_SOURCES.join(" ")}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${["'self'", ...options.formTargets].join(" ")}`,
    "frame-ancestors 'none'",
    ...(options.production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Security headers on every response, and a nonce-based Content Security Policy on HTML pages that
 * do not come with a policy of their own (the page cache's, by hash).
 */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler<HttpEnv> {
  const everyResponse: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(options.production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
  return async (c, next) => {
    const nonce = freshNonce();
    c.set("nonce", nonce);
    await next();
    const page = c.res.headers.get("content-type")?.startsWith("text/html") && !c.res.headers.has("Content-Security-Policy");
    setResponseHeaders(
      c,
      page ? { ...everyResponse, "Content-Security-Policy": contentSecurityPolicy({ nonce }, options) } : everyResponse,
    );
  };
}

const NONCE_BYTES = 16;
/** Random bytes drawn a few kilobytes at a time: asking the system for 16 at every request costs more. */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/** 16 random bytes in base64, never handed out twice. */
function freshNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString("base64", nonceAt - NONCE_BYTES, nonceAt);
}
