import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { PROFILE_PICTURE_SOURCES } from "../../domain/members/profile-picture.ts";
import type { HttpEnv } from "./request-context.ts";

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
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.production) c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (c.res.headers.get("content-type")?.startsWith("text/html") && !c.res.headers.has("Content-Security-Policy")) {
      c.header("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
    }
  };
}
