import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { anyone } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { PHOTO_MIME, parsePhotoFileName, photoKey } from "./photo-variants.ts";

/** Any text: a name the shop never gives out, however long, is no photo (404), never a bad request. */
export const ReadPhotoVariantInput = z.object({ fileName: z.string() });

const readPhotoVariantDeclared = { access: anyone, input: ReadPhotoVariantInput };

/**
 * One stored photo variant by the name pages give it. Anyone may read it: a photo is public once a
 * product page names it, and a name cannot be guessed from anything but the picture's own bytes.
 */
export const readPhotoVariant = defineOperation(readPhotoVariantDeclared, async function readPhotoVariant(ctx, input) {
  const variant = parsePhotoFileName(input.fileName);
  const body = variant && (await ctx.files.get(photoKey(variant.hash, variant.width, variant.format)));
  if (!variant || !body) throw new AppError("NOT_FOUND", "There is no such photo.");
  return { body, contentType: PHOTO_MIME[variant.format] };
});
