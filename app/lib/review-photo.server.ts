import { readReviewPhoto } from "../../domain/reviews/read-review-photo.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";

/**
 * A review photo's variant as the viewer may see it, or a 404. A published one may be kept by any
 * cache for an hour only: a photo its member takes off stops being shown within that hour.
 */
export async function reviewPhotoResponse(operations: OperationContext, fileName: string): Promise<Response> {
  try {
    const photo = await readReviewPhoto(operations, { fileName });
    return new Response(new Uint8Array(photo.body), {
      headers: {
        "Content-Type": photo.contentType,
        "Cache-Control": photo.published ? "public, max-age=3600" : "private, no-store",
      },
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
    return new Response(error.message, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
}
