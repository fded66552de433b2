import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { subscriptionOptionTerms, subscriptionSettings } from "../../../db/schema/subscriptions.ts";
import { SOLD_OUT_RULES } from "../../../kernel/subscription-terms.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { loadSubscriptionOffer, type SubscriptionOffer } from "../../catalog/subscription-offer.ts";
import { staffHolding } from "../../shared/access.ts";
import { editStamp, refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

/** A renewal must still charge something: the providers refuse a charge of nothing. */
export const MAX_SUBSCRIPTION_DISCOUNT_PERCENT = 90;
/** The cadences a shopper may choose from, in weeks. */
export const CADENCE_WEEKS_RANGE = { min: 1, max: 26 } as const;
const MAX_CADENCES = 6;
const MAX_REMINDER_DAYS = 14;
const MAX_RETRY_DAY = 28;
const MAX_RETRIES = 5;

export const discountPercentField = () => wholeNumber(0, MAX_SUBSCRIPTION_DISCOUNT_PERCENT);

/** Whole numbers, given as a list or as text ("1, 3, 5"), each once and in increasing order. */
function dayList(each: z.ZodType<number>, most: number, what: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value),
    z
      .array(each, { error: "must be a list of whole numbers" })
      .min(1, { error: `must name at least one ${what}` })
      .max(most, { error: `may name at most ${most} ${what}s` })
      .refine((values) => values.every((value, index) => index === 0 || value > (values[index - 1] as number)), {
        error: `must name each ${what} once, smallest first`,
      }),
  );
}

export const SaveSubscriptionOfferInput = z
  .object({
    discountPercent: discountPercentField(),
    cadencesWeeks: dayList(wholeNumber(CADENCE_WEEKS_RANGE.min, CADENCE_WEEKS_RANGE.max), MAX_CADENCES, "cadence"),
    reminderDays: wholeNumber(0, MAX_REMINDER_DAYS),
    retryDays: dayList(wholeNumber(1, MAX_RETRY_DAY), MAX_RETRIES, "retry day"),
    soldOutRule: z.enum(SOLD_OUT_RULES, { error: "must be delay or skip" }),
    seen: seenStampField(),
  })
  .refine((offer) => offer.reminderDays < Math.min(...offer.cadencesWeeks) * 7, {
    path: ["reminderDays"],
    error: "The reminder must go out before the previous renewal: fewer days than the shortest cadence.",
  });

/** What the offer's form edits, as its stamp reads it. */
const editableOffer = ({ discountPercent, cadencesWeeks, reminderDays, retryDays, soldOutRule }: SubscriptionOffer) => ({
  discountPercent,
  cadencesWeeks,
  reminderDays,
  retryDays,
  soldOutRule,
});

/** Each option of the catalogue with its own subscription terms, if any; products in the catalogue's order. */
async function optionTerms(db: Parameters<typeof loadSubscriptionOffer>[0]) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      optionId: purchaseOptions.optionId,
      optionName: purchaseOptions.optionName,
      flavourName: purchaseOptions.flavourName,
      priceCents: purchaseOptions.optionPriceCents,
      active: purchaseOptions.active,
      subscribable: subscriptionOptionTerms.subscribable,
      discountPercent: subscriptionOptionTerms.discountPercent,
    })
    .from(purchaseOptions)
    .innerJoin(products, eq(products.id, purchaseOptions.productId))
    .leftJoin(subscriptionOptionTerms, eq(subscriptionOptionTerms.optionId, purchaseOptions.optionId))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(purchaseOptions.sortOrder));
}

export type OptionTermsRow = Awaited<ReturnType<typeof optionTerms>>[number];

/** What a product's terms form edits: each option's switch and own discount (null: the shop's). */
export const editableTerms = (options: { optionId: string; subscribable: boolean | null; discountPercent: number | null }[]) =>
  options.map((option) => ({
    optionId: option.optionId,
    subscribable: option.subscribable ?? true,
    discountPercent: option.discountPercent ?? null,
  }));

/** The shop's subscription offer and each product's options with their own terms, each form with its stamp. */
export const getSubscriptionSettings = defineOperation(
  { access: staffHolding("subscriptions"), input: z.object({}) },
  async function getSubscriptionSettings(ctx) {
    const [offer, rows] = await Promise.all([loadSubscriptionOffer(ctx.db), optionTerms(ctx.db)]);
    const byProduct = new Map<string, { productId: string; productName: string; options: OptionTermsRow[] }>();
    for (const row of rows) {
      const product = byProduct.get(row.productId) ?? { productId: row.productId, productName: row.productName, options: [] };
      product.options.push(row);
      byProduct.set(row.productId, product);
    }
    return {
      offer,
      offerStamp: editStamp(editableOffer(offer)),
      products: [...byProduct.values()].map((product) => ({ ...product, stamp: editStamp(editableTerms(product.options)) })),
    };
  },
);

const saveDeclared = { access: staffHolding("subscriptions"), input: SaveSubscriptionOfferInput };

/**
 * Changes the shop's subscription offer: the discount of new subscriptions (those running keep the
 * one they were sold with), the cadences offered, the reminder's days, the retry schedule and what a
 * sold-out renewal does.
 */
export const saveSubscriptionOffer = defineOperation(saveDeclared, async function saveSubscriptionOffer(ctx, input, actor) {
  const now = ctx.now();
  const { seen, ...offer } = input;
  return ctx.db.transaction(async (tx) => {
    // Two saves of the one row queue here, so the second sees the first's stamp.
    await tx.insert(subscriptionSettings).values({ id: "shop" }).onConflictDoNothing();
    await tx.select({ id: subscriptionSettings.id }).from(subscriptionSettings).for("update");
    const before = editableOffer(await loadSubscriptionOffer(tx));
    refuseStaleEdit(seen, before, staleSaveMessage("the subscription offer"));
    await tx
      .update(subscriptionSettings)
      .set({ ...offer, updatedAt: now })
      .where(eq(subscriptionSettings.id, "shop"));
    await recordAudit(tx, { actor, action: "subscription.offer", target: "shop", before, after: offer, at: now });
    return offer;
  });
});
