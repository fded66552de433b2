import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { PROFILE_PICTURE_SOURCES } from "../../domain/members/profile-picture.ts";
import type { HttpEnv } from "./request-context.ts";

export type SecurityOptions = { production: boolean; formTargets: string[] };

/** A fresh nonce for every response; only scripts carrying it (and what they load) may run. */
export function contentSecurityPolicy(nonce: string, options: SecurityOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
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

/** Security headers on every response, and a nonce-based Content Security Policy on HTML pages. */
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
    if (c.res.headers.get("content-type")?.startsWith("text/html")) {
      c.header("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    }
  };
}
