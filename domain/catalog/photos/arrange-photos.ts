import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { productPhotos } from "../../../db/schema/product-photos.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier, uuid } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

type PhotoRow = typeof productPhotos.$inferSelect;

/** A photo as a product's photos page names it: the product in its address, the photo in its form. */
const PhotoOfProduct = z.object({ productId: identifier(64), photoId: uuid() });
type PhotoOfProduct = z.output<typeof PhotoOfProduct>;

/**
 * The photo and its product's whole gallery, in order, locked until the transaction ends. A photo of
 * another product than the one whose page asks is no photo of this gallery.
 */
async function galleryOf(tx: Tx, { photoId, productId }: PhotoOfProduct): Promise<{ photo: PhotoRow; gallery: PhotoRow[] }> {
  const [photo] = await tx
    .select()
    .from(productPhotos)
    .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)));
  if (!photo) throw new AppError("NOT_FOUND", "There is no such photo: it may have been removed already.");
  const gallery = await tx
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, photo.productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.createdAt))
    .for("update");
  return { photo, gallery };
}

export const MovePhotoInput = PhotoOfProduct.extend({ direction: z.enum(["up", "down"], { error: "must be up or down" }) });

const movePhotoDeclared = { access: staffHolding("catalog"), input: MovePhotoInput };

/** Moves a photo one place earlier (up) or later (down) in its product's gallery; at an end it stays. */
export const movePhoto = defineOperation(movePhotoDeclared, async function movePhoto(ctx, input, actor) {
  return ctx.db.transaction(async (tx) => {
    const { photo, gallery } = await galleryOf(tx, input);
    const from = gallery.findIndex((row) => row.id === photo.id);
    const to = input.direction === "up" ? from - 1 : from + 1;
    const moved = [...gallery];
    if (to >= 0 && to < gallery.length) moved.splice(to, 0, ...moved.splice(from, 1));
    for (const [index, row] of moved.entries()) {
      if (row.position !== index + 1)
        await tx
          .update(productPhotos)
          .set({ position: index + 1 })
          .where(eq(productPhotos.id, row.id));
    }
    const place = moved.findIndex((row) => row.id === photo.id) + 1;
    // The photo by its alt text and its place in words; its id keeps the raw entry exact.
    const shown = { photoId: photo.id, alt: photo.alt };
    await recordAudit(tx, {
      actor,
      action: "product.photo-move",
      target: photo.productId,
      before: { ...shown, place: from + 1 },
      after: { ...shown, place },
      at: ctx.now(),
    });
    return { ...photo, place };
  });
});

export const RemovePhotoInput = PhotoOfProduct;

const removePhotoDeclared = { access: staffHolding("catalog"), input: RemovePhotoInput };

/**
 * Takes a photo out of its product's gallery. Its stored variants stay: pages cached before the change
 * and browsers' caches may still name them, and their names are never reused for other bytes.
 */
export const removePhoto = defineOperation(removePhotoDeclared, async function removePhoto(ctx, input, actor) {
  return ctx.db.transaction(async (tx) => {
    const { photo } = await galleryOf(tx, input);
    await tx.delete(productPhotos).where(and(eq(productPhotos.id, photo.id), eq(productPhotos.productId, photo.productId)));
    const { createdAt: _at, ...shown } = photo;
    await recordAudit(tx, {
      actor,
      action: "product.photo-remove",
      target: photo.productId,
      before: shown,
      after: null,
      at: ctx.now(),
    });
    return photo;
  });
});
