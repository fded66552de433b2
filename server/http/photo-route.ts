import type { Hono } from "hono";
import { except } from "hono/combine";
import { PHOTO_MAX_BYTES } from "../../domain/catalog/photos/photo-limits.ts";
import { PHOTO_PATH_PREFIX } from "../../domain/catalog/photos/photo-variants.ts";
import { readPhotoVariant } from "../../domain/catalog/photos/read-photo-variant.ts";
import { contextFor, guest, type ShopServices } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { limitBody, MAX_BODY_BYTES } from "./body-limit.ts";
import type { HttpEnv } from "./request-context.ts";

const PHOTO_UPLOAD_PATH = "/admin/catalogue/products/:productId/photos";
/** The photo and room for the form's other fields. */
const PHOTO_UPLOAD_BODY_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

/** Every body is held to the shop's small limit except a photo upload's, which may carry a picture. */
export function limitBodies(app: Hono<HttpEnv>): void {
  app.post(PHOTO_UPLOAD_PATH, limitBody(PHOTO_UPLOAD_BODY_BYTES));
  app.use("*", except(PHOTO_UPLOAD_PATH, limitBody(MAX_BODY_BYTES)));
}

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
