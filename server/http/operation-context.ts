import type { MiddlewareHandler } from "hono";
import { readBagToken } from "../../app/lib/bag-cookie.server.ts";
import { catalogForRequest } from "../../domain/catalog/catalog-reader.ts";
import { contextFor, guest, type ShopServices, type Viewer } from "../../domain/shared/context.ts";
import { shareReads } from "../../domain/shared/shared-reads.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * Builds the operation context once per request, after the session is resumed: a browser with a
 * live session is its member, anyone else a guest holding whatever bag their cookie names. Its
 * operations share the reads they repeat, the catalogue's revision among them, until the request
 * first writes.
 */
export function operationContext(services: ShopServices): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const bagToken = readBagToken(c.req.raw);
    const session = c.var.session;
    const viewer: Viewer = session
      ? { kind: "member", memberId: session.memberId, subject: session.subject, bagToken, session, identity: null }
      : guest(bagToken);
    const { db, reads } = shareReads(services.db);
    const catalog = catalogForRequest(services.catalog, reads);
    c.set("operations", { ...contextFor(services, viewer, c.var.log), db, reads, catalog });
    await next();
  };
}
