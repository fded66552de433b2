import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { optionSkus, purchaseOptions, skus } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { count, optional, requiredText } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { MAX_ADJUSTMENT } from "../../stock/adjust-stock.ts";
import { openStock } from "../../stock/open-stock.ts";
import { priceField, seriesField, skuIdField } from "./catalogue-fields.ts";

type SkuRow = typeof skus.$inferSelect;

/** A flavour is sold as SKUs: one per series, flavour and format (a box of eight, a pouch…). */
const FLAVOUR_FIELDS = {
  seriesCode: seriesField(),
  flavourName: requiredText(60),
  format: z.enum(["Nectar", "Shots"], { error: "Choose Nectar or Shots." }),
  retailPriceCents: priceField("Retail price"),
};

type EditableFlavour = Pick<SkuRow, "seriesCode" | "flavourName" | "format" | "retailPriceCents">;

/** What staff edit of a flavour, as the audit log records it and its edit stamp covers. */
export function editableFlavour(flavour: EditableFlavour): EditableFlavour {
  const { seriesCode, flavourName, format, retailPriceCents } = flavour;
  return { seriesCode, flavourName, format, retailPriceCents };
}

export const CreateFlavourInput = z.object({
  skuId: skuIdField(),
  ...FLAVOUR_FIELDS,
  /** Boxes on the shelf as it goes on sale; without any, its options show sold out until a delivery is recorded. */
  openingStock: optional(count(0, MAX_ADJUSTMENT, `must be a whole number of boxes from 0 to ${MAX_ADJUSTMENT}`), {
    emptyIsAbsent: true,
  }).transform((boxes) => boxes ?? 0),
});

const createDeclared = { access: staffHolding("catalog"), input: CreateFlavourInput };

/** Adds a SKU (a flavour in one format) with its opening stock; it is sold once a purchase option holds it. */
export const createFlavour = defineOperation(createDeclared, async function createFlavour(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { openingStock, ...flavour } = input;
    const [created] = await tx.insert(skus).values(flavour).onConflictDoNothing().returning();
    if (!created) {
      const taken = `There is already a SKU with the id ${input.skuId}.`;
      throw new AppError("CONFLICT", taken, { skuId: taken });
    }
    await openStock(tx, { skuId: created.skuId, quantity: openingStock, staffEmail: actor.email, at: now });
    await recordAudit(tx, {
      actor,
      action: "sku.create",
      target: created.skuId,
      before: null,
      after: { ...editableFlavour(created), openingStock },
      at: now,
    });
    return created;
  });
});

export const UpdateFlavourInput = z.object({ skuId: skuIdField(), ...FLAVOUR_FIELDS, seen: seenStampField() });

const updateDeclared = { access: staffHolding("catalog"), input: UpdateFlavourInput };

/**
 * Changes a SKU's series, flavour name, format or retail price (the base a bundle's saving is worked
 * out from). A renamed flavour is renamed on the options that hold the SKU under its old name.
 */
export const updateFlavour = defineOperation(updateDeclared, async function updateFlavour(ctx, input, actor) {
  const now = ctx.now();
  const { skuId, seen, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(skus).where(eq(skus.skuId, skuId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such SKU.");
    refuseStaleEdit(seen, editableFlavour(before), staleSaveMessage("this flavour"));
    const [after] = await tx.update(skus).set(fields).where(eq(skus.skuId, skuId)).returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such SKU.");
    const renamed =
      before.flavourName === after.flavourName
        ? []
        : await tx
            .update(purchaseOptions)
            .set({ flavourName: after.flavourName })
            .where(
              and(
                eq(purchaseOptions.flavourName, before.flavourName),
                inArray(
                  purchaseOptions.optionId,
                  tx.select({ optionId: optionSkus.optionId }).from(optionSkus).where(eq(optionSkus.skuId, skuId)),
                ),
              ),
            )
            .returning({ optionId: purchaseOptions.optionId });
    await recordAudit(tx, {
      actor,
      action: "sku.update",
      target: skuId,
      before: editableFlavour(before),
      after: { ...editableFlavour(after), renamedOptions: renamed.map((option) => option.optionId) },
      at: now,
    });
    return after;
  });
});
