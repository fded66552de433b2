import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { requiredText } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { productIdField, seriesField } from "./catalogue-fields.ts";

type ProductRow = typeof products.$inferSelect;

const PRODUCT_FIELDS = {
  name: requiredText(120),
  summary: requiredText(300),
  description: requiredText(4000),
  seriesCode: seriesField(),
  kind: z.enum(["box", "shots", "pouch", "bundle"], { error: "Choose what kind of product it is." }),
  active: z.boolean({ error: "must be true or false" }),
};

type EditableProduct = Pick<ProductRow, "name" | "summary" | "description" | "seriesCode" | "kind" | "active">;

/** What staff edit of a product, as the audit log records it before and after and its edit stamp covers. */
export function editableProduct(product: EditableProduct): EditableProduct {
  const { name, summary, description, seriesCode, kind, active } = product;
  return { name, summary, description, seriesCode, kind, active };
}

export const CreateProductInput = z.object({ productId: productIdField(), ...PRODUCT_FIELDS });

const createDeclared = { access: staffHolding("catalog"), input: CreateProductInput };

/** Adds a product at the end of the catalogue; it has no options until staff add them, so it is not yet sold. */
export const createProduct = defineOperation(createDeclared, async function createProduct(ctx, input, actor) {
  const now = ctx.now();
  const { productId, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({
        id: productId,
        ...fields,
        sortOrder: sql`(select coalesce(max(${products.sortOrder}), -1) + 1 from ${products})`,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      throw new AppError("CONFLICT", `There is already a product with the id ${productId}.`, {
        productId: `There is already a product with the id ${productId}.`,
      });
    }
    await recordAudit(tx, {
      actor,
      action: "product.create",
      target: created.id,
      before: null,
      after: editableProduct(created),
      at: now,
    });
    return created;
  });
});

export const UpdateProductInput = z.object({ productId: productIdField(), ...PRODUCT_FIELDS, seen: seenStampField() });

const updateDeclared = { access: staffHolding("catalog"), input: UpdateProductInput };

/** Changes a product's name, copy, series, kind or whether it is on sale; the shop shows it at once. */
export const updateProduct = defineOperation(updateDeclared, async function updateProduct(ctx, input, actor) {
  const now = ctx.now();
  const { productId, seen, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such product.");
    refuseStaleEdit(seen, editableProduct(before), staleSaveMessage("this product"));
    const [after] = await tx.update(products).set(fields).where(eq(products.id, productId)).returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such product.");
    await recordAudit(tx, {
      actor,
      action: "product.update",
      target: productId,
      before: editableProduct(before),
      after: editableProduct(after),
      at: now,
    });
    return after;
  });
});
