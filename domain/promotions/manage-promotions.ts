import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { AppError } from "../../kernel/app-error.ts";
import { singaporeDayEnd, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { editStamp, refuseStaleEdit, seenStampField, staleSaveMessage } from "../shared/edit-stamp.ts";
import { identifier, wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { MAX_PERCENT_OFF, normalizePromotionCode } from "./promotion.ts";

/** Far above any sensible discount or threshold; keeps the numbers ones the database holds. */
const MAX_CENTS = 10_000_000;
const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
    .refine((value) => singaporeDayStart(value) !== null, { error: "is not a real date" });

const limits = {
  /** Dollars and cents as cents; none when left blank. */
  minSpendCents: z.preprocess(blankAsMissing, wholeNumber(1, MAX_CENTS).optional()),
  usageLimit: z.preprocess(blankAsMissing, wholeNumber(1, 1_000_000).optional()),
  /** How many paid orders one customer (by email) may place with it; no limit when left blank. */
  perCustomerLimit: z.preprocess(blankAsMissing, wholeNumber(1, 1_000).optional()),
  /** Products it takes nothing off (besides those excluded from every campaign). */
  excludedProductIds: z.array(identifier(64)).max(200).default([]),
  /** The last Singapore day the code works; none when left blank. */
  lastDay: z.preprocess(blankAsMissing, day().optional()),
};

export const CreatePromotionInput = z
  .object({
    code: z
      .string({ error: "is required" })
      .transform(normalizePromotionCode)
      .pipe(z.string().regex(/^[A-Z0-9-]{3,40}$/, { error: "must be 3-40 letters, digits or dashes" })),
    kind: z.enum(["percent", "amount"], { error: "must be percent or amount" }),
    /** A percentage, or an amount in cents. */
    value: wholeNumber(1, MAX_CENTS),
    /** The first Singapore day the code works; today when left blank. */
    firstDay: z.preprocess(blankAsMissing, day().optional()),
    ...limits,
  })
  .refine((input) => input.kind !== "percent" || input.value <= MAX_PERCENT_OFF, {
    error: `a percentage must be at most ${MAX_PERCENT_OFF}`,
    path: ["value"],
  })
  .refine((input) => !input.firstDay || !input.lastDay || input.firstDay <= input.lastDay, {
    error: "must not be before the first day",
    path: ["lastDay"],
  });

export const UpdatePromotionInput = z.object({
  code: z.string().transform(normalizePromotionCode),
  active: z.boolean(),
  ...limits,
  seen: seenStampField(),
});

type PromotionRow = typeof promotionCodes.$inferSelect;
const snapshot = (row: PromotionRow) => ({
  active: row.active,
  minSpendCents: row.minSpendCents,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  excludedProductIds: row.excludedProductIds,
  endsAt: row.endsAt?.toISOString() ?? null,
});

/** The edit stamp of a code's form: what staff change of it, not how often shoppers used it. */
export const promotionStamp = (row: PromotionRow) => editStamp(snapshot(row));

/** The ids as given, once each, when every one names a product; BAD_USER_INPUT otherwise. */
async function knownProducts(ctx: OperationContext, ids: string[]): Promise<string[]> {
  const catalogue = await ctx.catalog.index();
  const unknown = ids.filter((id) => !catalogue.product(id, { includeInactive: true }));
  if (unknown.length > 0) {
    throw new AppError("BAD_USER_INPUT", `excludedProductIds: there is no product ${unknown.slice(0, 3).join(", ")}`, {
      excludedProductIds: "names a product that does not exist",
    });
  }
  return [...new Set(ids)];
}

const listPromotionsDeclared = { access: staffHolding("promotions"), input: z.object({}) };

/** Every promotion code for staff, by code, with how often each has been used. */
export const listPromotions = defineOperation(listPromotionsDeclared, async function listPromotions(ctx): Promise<
  PromotionRow[]
> {
  return ctx.db.select().from(promotionCodes).orderBy(asc(promotionCodes.code));
});

const listExcludableProductsDeclared = {
  access: staffHolding("promotions"),
  input: z.object({}),
};

/** The products a code can leave out, as staff choose them: every one, on sale or not, in catalogue order. */
export const listExcludableProducts = defineOperation(
  listExcludableProductsDeclared,
  async function listExcludableProducts(ctx): Promise<{ id: string; name: string }[]> {
    return (await ctx.catalog.products()).map((product) => ({ id: product.id, name: product.name }));
  },
);

const createPromotionDeclared = { access: staffHolding("promotions"), input: CreatePromotionInput };

/** A new promotion code, working from its first day (Singapore time) to the end of its last. */
export const createPromotion = defineOperation(createPromotionDeclared, async function createPromotion(ctx, input, actor) {
  const now = ctx.now();
  const startsAt = input.firstDay ? (singaporeDayStart(input.firstDay) as Date) : now;
  const endsAt = input.lastDay ? singaporeDayEnd(input.lastDay) : null;
  const excludedProductIds = await knownProducts(ctx, input.excludedProductIds);
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promotionCodes)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.value,
        startsAt,
        endsAt,
        usageLimit: input.usageLimit ?? null,
        minSpendCents: input.minSpendCents ?? null,
        perCustomerLimit: input.perCustomerLimit ?? null,
        excludedProductIds,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError("CONFLICT", `The code ${input.code} exists already.`, { code: "exists already" });
    await recordAudit(tx, {
      actor,
      action: "promotion.create",
      target: created.code,
      before: null,
      after: snapshot(created),
      at: now,
    });
    return created;
  });
});

const updatePromotionDeclared = { access: staffHolding("promotions"), input: UpdatePromotionInput };

/**
 * Switches a code on or off and changes its limits, excluded products and last day. What it takes off (kind and value)
 * stays as it was: shoppers who used it were told that discount.
 */
export const updatePromotion = defineOperation(updatePromotionDeclared, async function updatePromotion(ctx, input, actor) {
  const now = ctx.now();
  const excludedProductIds = await knownProducts(ctx, input.excludedProductIds);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotionCodes).where(eq(promotionCodes.code, input.code)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such promotion code.");
    refuseStaleEdit(input.seen, snapshot(before), staleSaveMessage("this code"));
    if (input.usageLimit !== undefined && input.usageLimit < before.timesUsed)
      throw new AppError("BAD_USER_INPUT", `usageLimit: it has been used ${before.timesUsed} times already`, {
        usageLimit: "below the uses so far",
      });
    const [after] = await tx
      .update(promotionCodes)
      .set({
        active: input.active,
        minSpendCents: input.minSpendCents ?? null,
        usageLimit: input.usageLimit ?? null,
        perCustomerLimit: input.perCustomerLimit ?? null,
        excludedProductIds,
        endsAt: input.lastDay ? singaporeDayEnd(input.lastDay) : null,
        updatedAt: now,
      })
      .where(eq(promotionCodes.code, before.code))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such promotion code.");
    await recordAudit(tx, {
      actor,
      action: "promotion.update",
      target: after.code,
      before: snapshot(before),
      after: snapshot(after),
      at: now,
    });
    return after;
  });
});
