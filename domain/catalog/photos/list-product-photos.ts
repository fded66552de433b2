import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/catalog.ts";
import { productPhotos } from "../../../db/schema/product-photos.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

export const ListProductPhotosInput = z.object({ productId: identifier(64) });

const listProductPhotosDeclared = { access: staffHolding("catalog"), input: ListProductPhotosInput };

/** A product, active or not, with its photos in gallery order: what staff arrange. */
export const listProductPhotos = defineOperation(listProductPhotosDeclared, async function listProductPhotos(ctx, input) {
  const [product] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
  const photos = await ctx.db
    .select({
      id: productPhotos.id,
      hash: productPhotos.hash,
      alt: productPhotos.alt,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .where(eq(productPhotos.productId, input.productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.createdAt));
  return { product, photos };
});
