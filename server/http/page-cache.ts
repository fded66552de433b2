import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { MINUTE_MS, singaporeDate } from "../../kernel/singapore-time.ts";
import { KeptResponses, keepResponse } from "./kept-response.ts";
import type { HttpEnv } from "./request-context.ts";

export type PageCacheOptions = {
  /** The current catalogue revision; an entry rendered at another revision is never served. */
  revision: () => Promise<number>;
  /** The Content Security Policy of a kept page, trusting its inline scripts by their SHA-256. */
  policy: (sha256: string[]) => string;
};

/** What the kept pages may hold in memory, each page's encodings counted (about 100 KB a page). */
const MAX_BYTES = 64 * 1024 * 1024;

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * Pages that look the same for everyone: home, the listings, product pages, guides, the company,
 * legal and help pages, the blank calorie calculator; and their `.data` for client navigation (the
 * home page's is `/_.data`). Help search is not kept: every query would be an entry of its own
 * (decision 014).
 */
const FIXED_PAGES = "about-us|careers|sustainability|privacy-policy|terms-and-conditions|help|calorie-calculator";
const CACHEABLE_PATH = new RegExp(
  `^/(?:_\\.data|shop(?:[/.].*)?|(?:${FIXED_PAGES})(?:\\.data)?|help/(?!search(?:\\.data)?$)(?:product/)?[\\w-]+(?:\\.data)?)?$`,
);
/** Pages whose query is a visitor's own answers: only the blank page, without a query, is kept. */
const KEPT_WITHOUT_QUERY_ONLY = /^\/calorie-calculator/;
/** A product page (`/shop/:series/:productId`, its `.data` too): it promises delivery against cut-offs. */
const PROMISING_PATH = /^\/shop\/[^/]+\/[^/]+/;

/** The stretch of time a kept page stands for: its Singapore day, or for a product page its minute. */
function keptPeriod(pathname: string, now: number): string {
  return PROMISING_PATH.test(pathname) ? new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS).toISOString() : singaporeDate(now);
}
/** What says who is asking; a page rendered for everyone is rendered without it. */
const CREDENTIALS = ["cookie", "authorization"];

/** The same request as nobody in particular: no cookie, no credentials, the same abort signal. */
function anonymous(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of CREDENTIALS) headers.delete(name);
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/**
 * A page kept for everyone is the same bytes for everyone, so its policy names its inline scripts
 * by hash rather than a nonce, which would differ per response.
 */
function keepPage(revision: number, response: Response, body: string, policy: PageCacheOptions["policy"]) {
  if (!response.headers.get("content-type")?.startsWith("text/html")) return keepResponse(revision, response, body);
  const hashes = [...body.matchAll(INLINE_SCRIPT)].map(([, code]) =>
    createHash("sha256")
      .update(code ?? "")
      .digest("base64"),
  );
  return keepResponse(revision, response, body, [["content-security-policy", policy([...new Set(hashes)])]]);
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
 * catalogue revision, so prices are never stale. A hit costs a map lookup: no render, no
 * compression (each encoding is made once, the first time it is asked for), no nonce to write in.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<HttpEnv> {
  const entries = new KeptResponses(MAX_BYTES);

  return async (c, next) => {
    const head = c.req.method === "HEAD";
    if ((c.req.method !== "GET" && !head) || !CACHEABLE_PATH.test(c.req.path)) return next();
    const url = new URL(c.req.url);
    if (url.search && KEPT_WITHOUT_QUERY_ONLY.test(url.pathname)) return next();

    // Pages show today's delivery window, so a new Singapore day starts a new set of entries, and a
    // product page's promise follows each delivery option's cut-off, so it is kept for a minute (cut-offs
    // fall on whole minutes); they carry absolute addresses, so a page kept for one origin is never
    // served for another.
    const key = `${keptPeriod(url.pathname, Date.now())} ${c.var.siteOrigin}${url.pathname}${url.search}`;
    const revision = await options.revision();
    const hit = entries.get(key, revision);
    // A HEAD is answered from a kept page as it is (no body to encode; Hono sends none), but its own
    // render has no page to keep.
    if (hit) return entries.serve(key, hit, head ? undefined : c.req.header("accept-encoding"), [["x-page-cache", "hit"]]);
    if (head) return next();

    c.req.raw = anonymous(c.req.raw);
    c.set("sharedPage", true);
    await next();
    if (!storable(c.res)) return;
    const kept = keepPage(revision, c.res, await c.res.text(), options.policy);
    entries.set(key, kept);
    // Unset first, or Hono would carry the rendered response's headers over (its length among them).
    c.res = undefined;
    c.res = await entries.serve(key, kept, c.req.header("accept-encoding"), [["x-page-cache", "miss"]]);
  };
}
