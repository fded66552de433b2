import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { PHOTO_PATH_PREFIX } from "../../domain/catalog/photos/photo-variants.ts";
import { readPhotoVariant } from "../../domain/catalog/photos/read-photo-variant.ts";
import { contextFor, guest, type ShopServices } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import type { HttpEnv } from "./request-context.ts";

const KEPT_FOR_A_YEAR = "public, max-age=31536000, immutable";

/**
 * GET /photos/<hash>-<width>.<avif|webp>: a default picture's variant, one of the build's files
 * (public/photos/, decision 061), else a stored photo variant. Its name changes whenever its bytes
 * do, so browsers and CDNs keep it for a year without asking again. Served before any session is read.
 */
export function mountPhotoRoute(app: Hono<HttpEnv>, services: ShopServices, clientDir: string): void {
  app.get(
    `${PHOTO_PATH_PREFIX}:file`,
    serveStatic({ root: clientDir, onFound: (_path, c) => c.header("Cache-Control", KEPT_FOR_A_YEAR) }),
  );
  app.get(`${PHOTO_PATH_PREFIX}:file`, async (c) => {
    try {
      const photo = await readPhotoVariant(contextFor(services, guest(), c.var.log), { fileName: c.req.param("file") });
      // A copy the response owns: the store may hand back a view of a shared buffer.
      return c.body(new Uint8Array(photo.body), 200, {
        "Content-Type": photo.contentType,
        "Cache-Control": KEPT_FOR_A_YEAR,
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
      return c.text(error.message, 404, { "Cache-Control": "no-store" });
    }
  });
}
