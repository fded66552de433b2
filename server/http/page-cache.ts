import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./request-context.ts";

type Entry = { revision: number; status: number; headers: [string, string][]; body: string; nonce: string };

export type PageCacheOptions = {
  /** The current catalogue revision; an entry rendered at another revision is never served. */
  revision: () => Promise<number>;
  maxEntries?: number;
};

/**
 * Pages that look the same for everyone: home, the listings, product pages, guides; and their
 * `.data` for client navigation (the home page's is `/_.data`).
 */
const CACHEABLE_PATH = /^\/(?:_\.data|shop(?:[/.].*)?)?$/;
/** What says who is asking; a page rendered for everyone is rendered without it. */
const CREDENTIALS = ["cookie", "authorization"];

/** The same request as nobody in particular: no cookie, no credentials, the same abort signal. */
function anonymous(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of CREDENTIALS) headers.delete(name);
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** Only a plain 200 that sets no cookie and does not ask to stay private is kept. */
function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  return !/private|no-store/i.test(response.headers.get("cache-control") ?? "");
}

/**
 * Serves the pages that look the same for everyone from memory, whatever cookies come with them.
 * Mounted before the session is resumed: such a page is rendered as if nobody had asked (the
 * request loses its cookies and credentials before anything reads them), so no visitor's bag or
 * session can reach it, and a hit costs no session read. What differs per visitor reaches the
 * page through the visitor cookie (`server/http/visitor-cookie.ts`). Every hit checks the
 * catalogue revision, so prices are never stale.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<HttpEnv> {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  return async (c, next) => {
    if (c.req.method !== "GET" || !CACHEABLE_PATH.test(c.req.path)) return next();

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

    c.req.raw = anonymous(c.req.raw);
    c.set("sharedPage", true);
    await next();
    if (!storable(c.res)) return;
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
