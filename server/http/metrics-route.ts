import { createHash, timingSafeEqual } from "node:crypto";
import { type Handler, Hono } from "hono";
import type { Registry } from "prom-client";

export const METRICS_PATH = "/metrics";

async function exposition(registry: Registry): Promise<Response> {
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}

const digest = (token: string) => createHash("sha256").update(token).digest();

/**
 * GET /metrics on the shop's own port, for a scraper sending `Authorization: Bearer <METRICS_TOKEN>`.
 * Anyone else goes on to the shop's usual 404, as for any missing page. Both sides are hashed first,
 * so the comparison takes the same time whatever was sent.
 */
export function metricsWithToken(registry: Registry, token: string): Handler {
  const expected = digest(token);
  return async (c, next) => {
    const given = /^Bearer (\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) return next();
    return exposition(registry);
  };
}

/** The private metrics listener (METRICS_PORT): /metrics without a token, and nothing else. */
export function metricsOnlyApp(registry: Registry): Hono {
  const app = new Hono();
  app.get(METRICS_PATH, () => exposition(registry));
  return app;
}
