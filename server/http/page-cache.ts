import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./request-context.ts";

type Entry = { revision: number; status: number; headers: [string, string][]; body: string; nonce: string };

export type PageCacheOptions = {
  /** The current catalogue revision; an entry rendered at another revision is never served. */
  revision: () => Promise<number>;
  maxEntries?: number;
};

const CACHEABLE_PATH = /^\/(?:_root\.data|shop(?:[/.].*)?)?$/;

/**
 * Serves catalogue pages to anonymous visitors from memory. Only requests without cookies or
 * credentials qualify, so no visitor's bag or session can reach another; only 200 responses that
 * set no cookie are kept; every hit checks the catalogue revision, so prices are never stale.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<HttpEnv> {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  return async (c, next) => {
    const cacheable =
      c.req.method === "GET" && !c.req.header("cookie") && !c.req.header("authorization") && CACHEABLE_PATH.test(c.req.path);
    if (!cacheable) return next();

    // Pages show today's delivery window, so a new Singapore day starts a new set of entries.
    const singaporeDay = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const url = new URL(c.req.url);
    const key = `${singaporeDay} ${url.pathname}${url.search}`;
    const revision = await options.revision();
    const hit = entries.get(key);
    if (hit && hit.revision === revision) {
      entries.delete(key);
      entries.set(key, hit);
      // The page was rendered with another response's nonce; each response gets its own.
      const body = hit.body.replaceAll(hit.nonce, c.var.nonce);
      return new Response(body, { status: hit.status, headers: [...hit.headers, ["x-page-cache", "hit"]] });
    }

    await next();
    if (c.res.status !== 200 || c.res.headers.has("set-cookie")) return;
    const body = await c.res.text();
    const headers = [...c.res.headers.entries()];
    entries.delete(key);
    entries.set(key, { revision, status: c.res.status, headers, body, nonce: c.var.nonce });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    c.res = new Response(body, { status: c.res.status, headers: [...headers, ["x-page-cache", "miss"]] });
  };
}
