import type { MiddlewareHandler } from "hono";
import { readBagToken } from "../../app/lib/bag-cookie.server.ts";
import { catalogForRequest } from "../../domain/catalog/catalog-reader.ts";
import { contextFor, guest, type ShopServices, type Viewer } from "../../domain/shared/context.ts";
import { shareReads } from "../../domain/shared/shared-reads.ts";
import { isCrossSiteAction } from "./cross-site-posts.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * Builds the operation context once per request, after the session is resumed: a browser with a
 * live session is its member, anyone else a guest holding whatever bag their cookie names. The cookies
 * count only for a request the cross-site check lets through (a safe request, or a post from the site's
 * own pages): a post from another site is a stranger's here already, whatever runs before it is refused.
 * Its operations share the reads they repeat, the catalogue's revision among them, until the request
 * first writes.
 */
export function operationContext(services: ShopServices): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const { db, reads } = shareReads(services.db);
    const catalog = catalogForRequest(services.catalog, reads);
    c.set("operations", { ...contextFor(services, viewerOf(c.req.raw, c.var), c.var.log), db, reads, catalog });
    await next();
  };
}

function viewerOf(request: Request, { session, siteOrigin }: Pick<HttpEnv["Variables"], "session" | "siteOrigin">): Viewer {
  if (isCrossSiteAction(request, siteOrigin)) return guest();
  const bagToken = readBagToken(request);
  if (!session) return guest(bagToken);
  return { kind: "member", memberId: session.memberId, subject: session.subject, bagToken, session, identity: null };
}
