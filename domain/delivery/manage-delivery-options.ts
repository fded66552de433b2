import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { deliveryOptions } from "../../db/schema/delivery.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { editStamp, refuseStaleEdit, seenStampField, staleSaveMessage } from "../shared/edit-stamp.ts";
import { count, identifier, onOff, requiredText, wholeNumber } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import type { DeliveryOption } from "./delivery-option.ts";
import { readDeliveryOptions } from "./delivery-options.ts";

/** Far above any delivery charge or threshold; keeps the numbers ones the database holds. */
const MAX_CENTS = 10_000_000;
/** The most working days an option may take: a promise further off than that is no promise. */
export const MAX_DELIVERY_DAYS = 30;
const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;
const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

const terms = {
  name: requiredText(40),
  priceCents: count(0, MAX_CENTS, "Price must be an amount in S$, 0 or more."),
  /** The goods from which it is free; never when left blank. */
  freeFromCents: z.preprocess(
    blankAsMissing,
    count(1, MAX_CENTS, "Free from must be an amount in S$ above 0, or left empty for never.").optional(),
  ),
  minDays: wholeNumber(0, MAX_DELIVERY_DAYS),
  maxDays: wholeNumber(0, MAX_DELIVERY_DAYS),
  weekdays: z
    .array(count(0, 6, "Each day it runs must be a weekday, 0 (Sunday) to 6 (Saturday)."), { error: "Choose the days it runs." })
    .min(1, { error: "Choose at least one day it runs." })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** "14:00", Singapore time; none (orders count that day until midnight) when left blank. */
  cutoff: z.preprocess(blankAsMissing, z.string().regex(CUTOFF, { error: "must be a time such as 14:00" }).optional()),
};

const withDays = <T extends { minDays: number; maxDays: number }>(input: T) => input.maxDays >= input.minDays;
const daysError = { error: "must be at least the fewest days", path: ["maxDays"] };

export const CreateDeliveryOptionInput = z.object(terms).refine(withDays, daysError);
export const UpdateDeliveryOptionInput = z
  .object({ id: identifier(40), ...terms, seen: seenStampField() })
  .refine(withDays, daysError);
export const SwitchDeliveryOptionInput = z.object({ id: identifier(40), active: onOff(), seen: seenStampField() });

/** What the merchant edits of an option, as its form's stamp and the audit log read it. */
const snapshot = ({ name, priceCents, freeFromCents, minDays, maxDays, weekdays, cutoffMinutes, active }: DeliveryOption) => ({
  name,
  priceCents,
  freeFromCents,
  minDays,
  maxDays,
  weekdays,
  cutoffMinutes,
  active,
});

export const deliveryOptionStamp = (option: DeliveryOption) => editStamp(snapshot(option));

/** The columns a form's terms set: a cut-off as minutes after midnight, blanks as none. */
function columnsOf(input: z.output<typeof CreateDeliveryOptionInput>) {
  const [hours, minutes] = (input.cutoff ?? "").split(":").map(Number);
  return {
    name: input.name,
    priceCents: input.priceCents,
    freeFromCents: input.freeFromCents ?? null,
    minDays: input.minDays,
    maxDays: input.maxDays,
    weekdays: input.weekdays,
    cutoffMinutes: input.cutoff === undefined ? null : (hours as number) * 60 + (minutes as number),
  };
}

/** "Same day" → "same-day": the id a new option is kept under. */
const idOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

/** Every option, locked until the transaction ends: changes to the set of options take turns. */
async function lockedOptions(tx: Tx): Promise<DeliveryOption[]> {
  await tx.select({ id: deliveryOptions.id }).from(deliveryOptions).for("update");
  return readDeliveryOptions(tx);
}

const listDeclared = { access: staffHolding("orders"), input: z.object({}) };

/** Every delivery option, switched off ones too, each with its form's stamp. */
export const listDeliveryOptions = defineOperation(listDeclared, async function listDeliveryOptions(ctx) {
  return (await readDeliveryOptions(ctx.db)).map((option) => ({ ...option, stamp: deliveryOptionStamp(option) }));
});

const createDeclared = { access: staffHolding("orders"), input: CreateDeliveryOptionInput };

/** A new delivery option, on offer at once, after the others. Its id comes from its name, which must be new. */
export const createDeliveryOption = defineOperation(createDeclared, async function createDeliveryOption(ctx, input, actor) {
  const id = idOf(input.name);
  if (!id) throw new AppError("BAD_USER_INPUT", "Name must hold a letter or a digit.", { name: "must hold a letter or a digit" });
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await lockedOptions(tx);
    const sortOrder = Math.max(0, ...existing.map((option) => option.sortOrder)) + 1;
    const [created] = await tx
      .insert(deliveryOptions)
      .values({ id, ...columnsOf(input), sortOrder, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new AppError("CONFLICT", `A delivery option named ${input.name} exists already.`, { name: "exists already" });
    await recordAudit(tx, { actor, action: "delivery.create", target: id, before: null, after: snapshot(created), at: now });
    return created;
  });
});

const updateDeclared = { access: staffHolding("orders"), input: UpdateDeliveryOptionInput };

/**
 * Changes an option's name, price, threshold, days, weekdays and cut-off, for orders from now on: an
 * order placed, or a checkout already at the payment page, keeps what the shopper was shown (decision 063).
 */
export const updateDeliveryOption = defineOperation(updateDeclared, async function updateDeliveryOption(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = (await lockedOptions(tx)).find((option) => option.id === input.id);
    if (!before) throw new AppError("NOT_FOUND", "There is no such delivery option.");
    refuseStaleEdit(input.seen, snapshot(before), staleSaveMessage("this delivery option"));
    const [after] = await tx
      .update(deliveryOptions)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(deliveryOptions.id, input.id))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such delivery option.");
    await recordAudit(tx, {
      actor,
      action: "delivery.update",
      target: after.id,
      before: snapshot(before),
      after: snapshot(after),
      at: now,
    });
    return after;
  });
});

const switchDeclared = { access: staffHolding("orders"), input: SwitchDeliveryOptionInput };

/**
 * Offers an option again or stops offering it. It is never deleted: orders name it. The last option
 * on offer stays on (409), since a shopper needs one to order.
 */
export const switchDeliveryOption = defineOperation(switchDeclared, async function switchDeliveryOption(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const options = await lockedOptions(tx);
    const before = options.find((option) => option.id === input.id);
    if (!before) throw new AppError("NOT_FOUND", "There is no such delivery option.");
    refuseStaleEdit(input.seen, snapshot(before), staleSaveMessage("this delivery option"));
    if (!input.active && options.every((option) => option.id === before.id || !option.active)) {
      throw new AppError(
        "CONFLICT",
        `${before.name} is the only delivery option on offer, so it stays on: shoppers need one to order.`,
      );
    }
    const [after] = await tx
      .update(deliveryOptions)
      .set({ active: input.active, updatedAt: now })
      .where(eq(deliveryOptions.id, input.id))
      .returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such delivery option.");
    await recordAudit(tx, {
      actor,
      action: "delivery.switch",
      target: after.id,
      before: snapshot(before),
      after: snapshot(after),
      at: now,
    });
    return after;
  });
});
