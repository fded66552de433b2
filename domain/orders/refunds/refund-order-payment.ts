import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { orders } from "../../../db/schema/orders.ts";
import { refunds } from "../../../db/schema/refunds.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { uuid, wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { completeRefund } from "./complete-refund.ts";
import { MAX_REFUND_CENTS, planRefund, RefundRequestInput, recordCreditedLines } from "./refund-plan.ts";

/** When a refund the provider did not confirm at once is tried again. */
const RETRY_AFTER_MS = 60_000;

export const RefundOrderPaymentInput = RefundRequestInput.extend({
  /** The refund's id, chosen when the staff member was asked to confirm it: a confirmation sent twice refunds once. */
  refundId: uuid(),
  /** The amount the staff member was shown and confirmed: a refund that now comes to anything else is refused. */
  confirmedCents: wholeNumber(1, MAX_REFUND_CENTS),
});

export type RefundOrderPaymentRequest = z.input<typeof RefundOrderPaymentInput>;

const declared = { access: staffHolding("refunds"), input: RefundOrderPaymentInput };

/**
 * refundOrderPayment (staff with "refunds"): gives money back through the payment provider — all
 * that is left, chosen lines, or an amount — and, with `cancel`, cancels an order not yet shipped:
 * the order is `cancelling` (shipping refuses it) from the moment the refund is reserved until the
 * provider confirms it and the order is `cancelled`.
 * First the refund is reserved on the locked order (`planRefund`: never more money or boxes of a
 * line than are left once pending refunds count, so two staff at once cannot together pass the
 * price or a line) at the amount the staff member confirmed, with the lines it credits, the audit
 * entry and a job that completes it should this process stop; then the provider is asked and the
 * refund recorded (`completeRefund`). The same confirmation sent again finds its refund and answers
 * as the first did. A provider that does not answer leaves the refund pending for the job.
 */
export const refundOrderPayment = defineOperation(declared, async function refundOrderPayment(ctx, input, actor) {
  const at = ctx.now();
  const reserved = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    const [sent] = await tx.select().from(refunds).where(eq(refunds.id, input.refundId));
    if (sent) {
      if (sent.orderId !== order.id || sent.amountCents !== input.confirmedCents)
        throw new AppError("CONFLICT", "This confirmation was already used for another refund.");
      return { id: sent.id, amountCents: sent.amountCents };
    }
    const { amountCents, lines } = await planRefund(tx, order, input);
    if (amountCents !== input.confirmedCents)
      throw new AppError(
        "CONFLICT",
        `This refund now comes to ${formatMoney(amountCents)}, not the ${formatMoney(input.confirmedCents)} confirmed: the order changed meanwhile. Check it and confirm again.`,
      );
    const id = input.refundId;
    await tx.insert(refunds).values({
      id,
      orderId: order.id,
      amountCents,
      reason: input.reason,
      source: "staff",
      status: "pending",
      cancelsOrder: input.cancel,
      restock: input.restock || input.cancel,
      staffEmail: actor.email,
      createdAt: at,
    });
    await recordCreditedLines(tx, id, order.id, lines);
    // From here until the provider confirms the refund, the order is one that shipping refuses.
    if (input.cancel)
      await tx
        .update(orders)
        .set({ status: "cancelling", ver: sql`${orders.ver} + 1`, updatedAt: at })
        .where(eq(orders.id, order.id));
    await ctx.jobs.send("complete-refund", { refundId: id }, { tx, startAfter: new Date(at.getTime() + RETRY_AFTER_MS) });
    await recordAudit(tx, {
      actor,
      action: input.cancel ? "order.cancel" : "order.refund",
      target: order.invoiceId,
      before: { status: order.status, refundedCents: order.refundedCents },
      after: {
        refundId: id,
        amountCents,
        reason: input.reason,
        restock: input.restock || input.cancel,
        lines: lines.map(({ position, quantity }) => ({ position, quantity })),
      },
      at,
    });
    return { id, amountCents };
  });
  try {
    const refund = await completeRefund(ctx, reserved.id);
    return { refundId: refund.id, amountCents: refund.amountCents, status: refund.status };
  } catch (error) {
    ctx.log.warn({ err: error, refundId: reserved.id }, "refund left pending for its job");
    return { refundId: reserved.id, amountCents: reserved.amountCents, status: "pending" as const };
  }
});
