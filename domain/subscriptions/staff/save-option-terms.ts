import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { subscriptionOptionTerms } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { isValidOptionId } from "../../../kernel/option-id.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { discountPercentField, editableTerms, MAX_SUBSCRIPTION_DISCOUNT_PERCENT } from "./subscription-offer-settings.ts";

const optionIdField = () => z.string().refine(isValidOptionId, { error: "is not a purchase option id" });

/**
 * A product's options' subscription terms, as its form sends them: every option's id, the ids of those
 * that may be subscribed to, and each option's own discount in the order of the ids ("" for the shop's).
 */
export const SaveOptionTermsInput = z
  .object({
    productId: identifier(),
    optionIds: z.array(optionIdField(), { error: "must list the product's options" }).min(1).max(100),
    subscribable: z.array(optionIdField(), { error: "must list options" }).max(100),
    discounts: z
      .array(
        z.union([z.literal("").transform(() => null), discountPercentField()], {
          error: `must be a whole number from 0 to ${MAX_SUBSCRIPTION_DISCOUNT_PERCENT}, or empty for the shop's`,
        }),
      )
      .max(100),
    seen: seenStampField(),
  })
  .refine((input) => input.discounts.length === input.optionIds.length, {
    path: ["discounts"],
    error: "Give each option's discount, or leave it empty for the shop's.",
  });

const declared = { access: staffHolding("subscriptions"), input: SaveOptionTermsInput };

/**
 * Sets which of a product's options may be subscribed to and each one's own discount (none: the shop's).
 * An option on the shop's terms keeps no row. Running subscriptions keep the discount they were sold with.
 */
export const saveOptionTerms = defineOperation(declared, async function saveOptionTerms(ctx, input, actor) {
  const now = ctx.now();
  const sent = input.optionIds.map((optionId, index) => ({
    optionId,
    subscribable: input.subscribable.includes(optionId),
    discountPercent: input.discounts[index] ?? null,
  }));
  return ctx.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, input.productId))
      .for("update");
    if (!product) throw new AppError("NOT_FOUND", "There is no such product.");
    const options = await tx
      .select({ optionId: purchaseOptions.optionId })
      .from(purchaseOptions)
      .where(eq(purchaseOptions.productId, product.id))
      .orderBy(asc(purchaseOptions.sortOrder));
    const ids = options.map((option) => option.optionId);
    const own = ids.length
      ? await tx.select().from(subscriptionOptionTerms).where(inArray(subscriptionOptionTerms.optionId, ids))
      : [];
    const before = editableTerms(
      ids.map((optionId) => {
        const term = own.find((row) => row.optionId === optionId);
        return { optionId, subscribable: term?.subscribable ?? null, discountPercent: term?.discountPercent ?? null };
      }),
    );
    refuseStaleEdit(input.seen, before, staleSaveMessage("this product's subscription terms"));
    const sentIds = new Set(input.optionIds);
    if (sentIds.size !== input.optionIds.length || sentIds.size !== ids.length || ids.some((id) => !sentIds.has(id))) {
      const problem = "The form's options are not this product's options: open the page again.";
      throw new AppError("BAD_USER_INPUT", problem, { optionIds: problem });
    }
    const after = ids.map((id) => sent.find((option) => option.optionId === id) as (typeof sent)[number]);
    const shopTerms = after.filter((option) => option.subscribable && option.discountPercent === null);
    const ownTerms = after.filter((option) => !(option.subscribable && option.discountPercent === null));
    if (shopTerms.length > 0) {
      const ids = shopTerms.map((option) => option.optionId);
      await tx.delete(subscriptionOptionTerms).where(inArray(subscriptionOptionTerms.optionId, ids));
    }
    for (const option of ownTerms) {
      const { optionId, ...terms } = option;
      await tx
        .insert(subscriptionOptionTerms)
        .values(option)
        .onConflictDoUpdate({ target: subscriptionOptionTerms.optionId, set: terms });
    }
    await recordAudit(tx, {
      actor,
      action: "subscription.option-terms",
      target: product.id,
      before: { name: product.name, options: before },
      after: { name: product.name, options: after },
      at: now,
    });
    return { productName: product.name, options: after };
  });
});
