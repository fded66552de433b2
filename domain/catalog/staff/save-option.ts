import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatOptionId, isValidOptionId } from "../../../kernel/option-id.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { count, optional, requiredText, text } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { priceField, productIdField, skuLinesField } from "./catalogue-fields.ts";
import { checkLines, snapshotOf, writeLines } from "./option-lines.ts";

const OPTION_FIELDS = {
  optionName: requiredText(80),
  optionPriceCents: priceField("Price"),
  /** Empty for a bundle's options, which hold several flavours. */
  flavourName: optional(text(60), { emptyIsAbsent: true }).transform((value) => value || null),
  isUpsellOption: z.boolean({ error: "must be true or false" }),
  active: z.boolean({ error: "must be true or false" }),
  skus: skuLinesField(),
};

const VARIANT = /^[a-z0-9]{1,16}$/;

/**
 * A new option's id is made from its product, an optional variant (its flavour's code), its count and
 * whether it is boxes or pouches: op-{productId}[_variant]-{count}{b|pu} (SPEC.md §3).
 */
export const CreateOptionInput = z.object({
  productId: productIdField(),
  variant: optional(
    text(16).refine((value) => !value || VARIANT.test(value), {
      error: "Variant must be up to 16 lower-case letters or digits.",
    }),
    { emptyIsAbsent: true },
  ).transform((value) => value || null),
  count: count(1, 999, "Count must be a whole number from 1 to 999."),
  unit: z.enum(["b", "pu"], { error: "Choose boxes or pouches." }),
  ...OPTION_FIELDS,
});

const createDeclared = { access: staffHolding("catalog"), input: CreateOptionInput };

/** Adds a purchase option to a product, last among its options; its id never changes after. */
export const createOption = defineOperation(createDeclared, async function createOption(ctx, input, actor) {
  const now = ctx.now();
  const { productId, skus: lines, variant, count: optionCount, unit, ...fields } = input;
  const optionId = formatOptionId({ productId, variant, count: optionCount, unit });
  return ctx.db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("share");
    if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
    const taken = `There is already an option with the id ${optionId}: change its variant, count or format.`;
    const [existing] = await tx
      .select({ optionId: purchaseOptions.optionId })
      .from(purchaseOptions)
      .where(eq(purchaseOptions.optionId, optionId));
    if (existing) throw new AppError("CONFLICT", taken, { variant: taken });
    await checkLines(tx, lines, fields.flavourName);
    const [created] = await tx
      .insert(purchaseOptions)
      .values({
        optionId,
        productId,
        ...fields,
        sortOrder: sql`(select coalesce(max(${purchaseOptions.sortOrder}), -1) + 1 from ${purchaseOptions})`,
      })
      .onConflictDoNothing()
      .returning();
    // Another staff member's option with the same id, committed since the check above.
    if (!created) throw new AppError("CONFLICT", taken, { variant: taken });
    await writeLines(tx, optionId, lines);
    const after = await snapshotOf(tx, created);
    await recordAudit(tx, { actor, action: "option.create", target: optionId, before: null, after, at: now });
    return created;
  });
});

export const UpdateOptionInput = z.object({
  optionId: z.string().refine(isValidOptionId, { error: "is not a purchase option id" }),
  ...OPTION_FIELDS,
  seen: seenStampField(),
});

const updateDeclared = { access: staffHolding("catalog"), input: UpdateOptionInput };

/**
 * Changes a purchase option's name, price, flavour, lines or switches. Orders, invoices and redeems
 * already made keep what they were made with: their lines hold their own names and prices.
 */
export const updateOption = defineOperation(updateDeclared, async function updateOption(ctx, input, actor) {
  const now = ctx.now();
  const { optionId, skus: lines, seen, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(purchaseOptions).where(eq(purchaseOptions.optionId, optionId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", "There is no such purchase option.");
    const before = await snapshotOf(tx, found);
    refuseStaleEdit(seen, before, staleSaveMessage("this option"));
    await checkLines(tx, lines, fields.flavourName);
    const [updated] = await tx.update(purchaseOptions).set(fields).where(eq(purchaseOptions.optionId, optionId)).returning();
    if (!updated) throw new AppError("NOT_FOUND", "There is no such purchase option.");
    await writeLines(tx, optionId, lines);
    const after = await snapshotOf(tx, updated);
    await recordAudit(tx, { actor, action: "option.update", target: optionId, before, after, at: now });
    return updated;
  });
});
