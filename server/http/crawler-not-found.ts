import type { MiddlewareHandler } from "hono";
import { notFoundMessage } from "../../app/lib/not-found.ts";
import { isCrawler } from "./crawlers.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * A crawler asking for a missing page gets status 404 at the address it asked for, with a short
 * plain body: never the error page, whose script would move a browser on to /404 (decision 016).
 */
export function crawlerNotFound(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 404 || !isCrawler(c.req.header("user-agent"))) return;
    await c.res.body?.cancel();
    c.res = new Response(`${notFoundMessage(c.req.path)}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  };
}
