import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/catalog.ts";
import { productPhotos } from "../../../db/schema/product-photos.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier, requiredText } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { photoKey } from "./photo-variants.ts";
import { acceptPhoto, storePhotoVariants } from "./store-photo-variants.ts";

export const UploadPhotoInput = z.object({
  productId: identifier(64),
  alt: requiredText(250),
  image: z
    .instanceof(Uint8Array, { error: "Choose a picture to upload." })
    .refine((bytes) => bytes.byteLength > 0, { error: "Choose a picture to upload." }),
});

const uploadPhotoDeclared = { access: staffHolding("catalog"), input: UploadPhotoInput };

/**
 * Adds a photo at the end of a product's gallery: its variants are encoded and stored first, under a
 * name made from the picture's bytes, then the photo and its audit entry are written together.
 */
export const uploadPhoto = defineOperation(uploadPhotoDeclared, async function uploadPhoto(ctx, input, actor) {
  const accepted = await acceptPhoto(ctx.pictures, input.image);
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
  if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
  await storePhotoVariants(ctx, accepted, photoKey);
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
      hash: accepted.hash,
      alt: input.alt,
      width: accepted.width,
      height: accepted.height,
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
