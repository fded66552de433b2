import { createHash } from "node:crypto";
import { Kind, parse } from "graphql";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { KeptResponses, keepResponse } from "../http/kept-response.ts";
import { sessionCookieName } from "../http/member-session.ts";
import type { HttpEnv } from "../http/request-context.ts";

/**
 * The Query fields whose answer is the same for every caller and changes only with the catalogue (the
 * programme included: publishing raises the revision, and kept replies expire at its boundaries).
 */
export const CATALOGUE_FIELDS: ReadonlySet<string> = new Set([
  "series",
  "products",
  "productCount",
  "product",
  "purchaseOption",
  "programme",
  "activeCampaigns",
  "__typename",
]);

/** What the kept replies may hold in memory per process, each reply's encodings counted. */
const MAX_BYTES = 32 * 1024 * 1024;

/** True when every operation of the document is a query asking only for catalogue fields at its root. */
export function asksOnlyForCatalogue(documentString: string): boolean {
  try {
    return parse(documentString).definitions.every(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION &&
        definition.operation === "query" &&
        definition.selectionSet.selections.every(
          (selection) => selection.kind === Kind.FIELD && CATALOGUE_FIELDS.has(selection.name.value),
        ),
    );
  } catch {
    return false;
  }
}

/**
 * A request that says who is asking goes the whole way: its credentials and its X-Request-Hash are
 * checked by the endpoint itself, and a refusal must not depend on whether a reply was kept.
 */
function carriesCredentials(c: Context<HttpEnv>): boolean {
  if (c.req.header("authorization") || c.req.header("x-request-hash") !== undefined) return true;
  return getCookie(c, sessionCookieName(true)) !== undefined || getCookie(c, sessionCookieName(false)) !== undefined;
}

function queryOf(body: string): string | null {
  try {
    const { query } = JSON.parse(body) as { query?: unknown };
    return typeof query === "string" ? query : null;
  } catch {
    return null;
  }
}

function hasErrors(reply: string): boolean {
  try {
    return "errors" in (JSON.parse(reply) as object);
  } catch {
    return true;
  }
}

/**
 * Whole replies to catalogue-only queries posted without credentials, kept as bytes per catalogue
 * revision and served ahead of the GraphQL endpoint, as the page cache serves pages (decision 029):
 * a hit reads the body and the revision, and nothing else runs. The key is the exact body and the
 * Accept header, so a hit is a request the endpoint has already validated and answered; a change to
 * the catalogue starts a new revision, so no reply outlives the prices it shows (in any process).
 */
export function catalogueReplyCache(catalogRevision: () => Promise<number>): MiddlewareHandler<HttpEnv> {
  const replies = new KeptResponses(MAX_BYTES);
  return async (c, next) => {
    if (c.req.method !== "POST" || !c.req.header("content-type")?.startsWith("application/json") || carriesCredentials(c)) {
      return next();
    }
    const body = await c.req.text();
    const key = createHash("sha256")
      .update(`${c.req.header("accept") ?? ""}\n${body}`)
      .digest("base64url");
    const revision = await catalogRevision();
    const kept = replies.get(key, revision);
    if (kept) return replies.serve(key, kept, c.req.header("accept-encoding"), [["x-reply-cache", "hit"]]);

    const query = queryOf(body);
    const catalogueOnly = query !== null && asksOnlyForCatalogue(query);
    const { raw } = c.req;
    c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body, signal: raw.signal });
    await next();
    if (!catalogueOnly || c.res.status !== 200 || c.res.headers.has("set-cookie")) return;
    const reply = await c.res.text();
    if (hasErrors(reply)) {
      c.res = new Response(reply, c.res);
      return;
    }
    const stored = keepResponse(revision, c.res, reply);
    replies.set(key, stored);
    // Unset first, or Hono would carry the replaced response's headers over, its length among them.
    c.res = undefined;
    c.res = await replies.serve(key, stored, c.req.header("accept-encoding"), [["x-reply-cache", "miss"]]);
  };
}
