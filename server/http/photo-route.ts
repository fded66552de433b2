import type { Hono } from "hono";
import { PHOTO_PATH_PREFIX } from "../../domain/catalog/photos/photo-variants.ts";
import { readPhotoVariant } from "../../domain/catalog/photos/read-photo-variant.ts";
import { contextFor, guest, type ShopServices } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * GET /photos/<hash>-<width>.<avif|webp>: a stored photo variant. Its name changes whenever its bytes
 * do, so browsers and CDNs keep it for a year without asking again. Served before any session is read.
 */
export function mountPhotoRoute(app: Hono<HttpEnv>, services: ShopServices): void {
  app.get(`${PHOTO_PATH_PREFIX}:file`, async (c) => {
    try {
      const photo = await readPhotoVariant(contextFor(services, guest(), c.var.log), { fileName: c.req.param("file") });
      // A copy the response owns: the store may hand back a view of a shared buffer.
      return c.body(new Uint8Array(photo.body), 200, {
        "Content-Type": photo.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
      return c.text(error.message, 404, { "Cache-Control": "no-store" });
    }
  });
}
