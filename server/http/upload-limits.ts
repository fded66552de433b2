import type { Hono } from "hono";
import { PHOTO_MAX_BYTES } from "../../domain/catalog/photos/photo-limits.ts";
import { REVIEW_PHOTOS_MAX } from "../../domain/reviews/review-limits.ts";
import { SHIPMENT_CSV_MAX_BYTES } from "../../domain/shipping/shipment-csv.ts";
import { limitBody, limitPageBody, MAX_BODY_BYTES, mayCarryBody } from "./body-limit.ts";
import type { HttpEnv } from "./request-context.ts";

/** Room for an upload form's other fields (CSRF token, intent, alt text) beside its file. */
const FORM_ROOM_BYTES = 64 * 1024;

/**
 * The forms that carry a file, each allowed its file's own limit; over it, the page answers with its
 * own message (`limitPageBody`). A form posted by the page's script goes to the same address with
 * `.data` added (React Router's single fetch), so both are matched.
 */
const UPLOADS = [
  { path: /^\/admin\/catalogue\/products\/[^/]+\/photos(?:\.data)?$/, limit: limitPageBody(PHOTO_MAX_BYTES + FORM_ROOM_BYTES) },
  { path: /^\/member\/reviews\/[^/]+(?:\.data)?$/, limit: limitPageBody(REVIEW_PHOTOS_MAX * PHOTO_MAX_BYTES + FORM_ROOM_BYTES) },
  { path: /^\/admin\/shipping(?:\.data)?$/, limit: limitPageBody(SHIPMENT_CSV_MAX_BYTES + FORM_ROOM_BYTES) },
];

/** Every body is held to the shop's small limit except an upload form's post, which may carry its file. */
export function limitBodies(app: Hono<HttpEnv>): void {
  const small = limitBody(MAX_BODY_BYTES);
  app.use("*", (c, next) => {
    if (!mayCarryBody(c.req.method)) return next();
    const upload = c.req.method === "POST" ? UPLOADS.find((each) => each.path.test(c.req.path)) : undefined;
    return upload ? upload.limit(c, next) : small(c, next);
  });
}
