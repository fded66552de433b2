import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/catalog.ts";
import { productPhotos } from "../../../db/schema/product-photos.ts";
import { encodeVariants, pictureFacts, pictureHash } from "../../../integrations/images/photo-encoder.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier, requiredText } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { PHOTO_FORMATS, PHOTO_MIME, photoKey, variantWidths } from "./photo-variants.ts";

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a camera's full picture; beyond it a small file may be a decompression bomb. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_TYPES_TEXT = "JPEG, PNG, WebP or AVIF";

export const UploadPhotoInput = z.object({
  productId: identifier(64),
  alt: requiredText(250),
  image: z
    .instanceof(Uint8Array, { error: "Choose a picture to upload." })
    .refine((bytes) => bytes.byteLength > 0, { error: "Choose a picture to upload." })
    .refine((bytes) => bytes.byteLength <= PHOTO_MAX_BYTES, {
      error: `The picture is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    }),
});

/** The picture's upright size, once its bytes prove it is a picture of an accepted format and size. */
async function acceptedPicture(bytes: Uint8Array) {
  const facts = await pictureFacts(bytes);
  if (!facts || facts.format === "other") {
    throw new AppError("BAD_USER_INPUT", `That file is not a ${PHOTO_TYPES_TEXT} picture.`, {
      image: `That file is not a ${PHOTO_TYPES_TEXT} picture.`,
    });
  }
  if (facts.width * facts.height > PHOTO_MAX_PIXELS) {
    const problem = `The picture has more than ${PHOTO_MAX_PIXELS / 1_000_000} million pixels.`;
    throw new AppError("BAD_USER_INPUT", problem, { image: problem });
  }
  return facts;
}

const uploadPhotoDeclared = { access: staffHolding("catalog"), input: UploadPhotoInput };

/**
 * Adds a photo at the end of a product's gallery: its variants are encoded and stored first, under a
 * name made from the picture's bytes, then the photo and its audit entry are written together.
 */
export const uploadPhoto = defineOperation(uploadPhotoDeclared, async function uploadPhoto(ctx, input, actor) {
  const facts = await acceptedPicture(input.image);
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
  if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
  const hash = pictureHash(input.image);
  const variants = await encodeVariants(input.image, {
    widths: variantWidths(facts.width),
    formats: PHOTO_FORMATS,
    maxPixels: PHOTO_MAX_PIXELS,
  });
  for (const variant of variants) {
    await ctx.files.put(photoKey(hash, variant.width, variant.format), variant.body, PHOTO_MIME[variant.format]);
  }
  return ctx.db.transaction(async (tx) => {
    // Uploads to one product wait for each other, so each takes the next place in the gallery.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).for("update");
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${productPhotos.position}), 0)` })
      .from(productPhotos)
      .where(eq(productPhotos.productId, input.productId));
    const photo = {
      id: randomUUID(),
      productId: input.productId,
      hash,
      alt: input.alt,
      width: facts.width,
      height: facts.height,
      position: (last?.position ?? 0) + 1,
      createdAt: ctx.now(),
    };
    await tx.insert(productPhotos).values(photo);
    const { createdAt: _at, ...shown } = photo;
    await recordAudit(tx, {
      actor,
      action: "product.photo-add",
      target: input.productId,
      before: null,
      after: shown,
      at: photo.createdAt,
    });
    return photo;
  });
});
