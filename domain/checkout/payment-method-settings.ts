import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.ts";
import { paymentMethodSettings } from "../../db/schema/payment-methods.ts";
import type { AcceptedMethods } from "../../kernel/payment-methods.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { editStamp, refuseStaleEdit, seenStampField, staleSaveMessage } from "../shared/edit-stamp.ts";
import { defineOperation } from "../shared/operation.ts";

/** Until the merchant chooses, checkout offers cards only. */
const CARDS_ONLY: AcceptedMethods = { paynow: false, grabpay: false, apple_pay: false, google_pay: false };

/** The optional methods checkout offers now, beside cards. */
export async function loadAcceptedMethods(db: Database | Tx): Promise<AcceptedMethods> {
  const [row] = await db.select().from(paymentMethodSettings).where(eq(paymentMethodSettings.id, "shop"));
  if (!row) return CARDS_ONLY;
  return { paynow: row.paynow, grabpay: row.grabpay, apple_pay: row.applePay, google_pay: row.googlePay };
}

const payments = staffHolding("staff");

/** getPaymentMethods: the methods checkout offers beside cards, with the stamp of the form that edits them. */
export const getPaymentMethods = defineOperation(
  { access: payments, input: z.object({}) },
  async function getPaymentMethods(ctx) {
    const accepted = await loadAcceptedMethods(ctx.db);
    return { accepted, stamp: editStamp(accepted) };
  },
);

export const SavePaymentMethodsInput = z.object({
  paynow: z.boolean(),
  grabpay: z.boolean(),
  apple_pay: z.boolean(),
  google_pay: z.boolean(),
  seen: seenStampField(),
});

/**
 * savePaymentMethods: switches PayNow, GrabPay, Apple Pay and Google Pay on or off for checkouts
 * started from now on (one already at the payment page keeps what it was offered). Cards stay on.
 */
export const savePaymentMethods = defineOperation(
  { access: payments, input: SavePaymentMethodsInput },
  async function savePaymentMethods(ctx, input, actor): Promise<AcceptedMethods> {
    const { seen, ...after } = input;
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      // Two saves of the one row queue here, so the second sees the first's stamp.
      await tx.insert(paymentMethodSettings).values({ id: "shop" }).onConflictDoNothing();
      await tx.select({ id: paymentMethodSettings.id }).from(paymentMethodSettings).for("update");
      const before = await loadAcceptedMethods(tx);
      refuseStaleEdit(seen, before, staleSaveMessage("the payment methods"));
      await tx
        .update(paymentMethodSettings)
        .set({
          paynow: after.paynow,
          grabpay: after.grabpay,
          applePay: after.apple_pay,
          googlePay: after.google_pay,
          updatedAt: now,
        })
        .where(eq(paymentMethodSettings.id, "shop"));
      await recordAudit(tx, { actor, action: "payment.methods", target: "shop", before, after, at: now });
      return after;
    });
  },
);

/**
 * A development shop paying through the built-in test provider starts with every method on, so each
 * way of paying can be tried at once; the merchant's own choice, once saved, is never overwritten.
 */
export async function offerEveryMethodUntilChosen(db: Database): Promise<void> {
  await db
    .insert(paymentMethodSettings)
    .values({ id: "shop", paynow: true, grabpay: true, applePay: true, googlePay: true })
    .onConflictDoNothing();
}
