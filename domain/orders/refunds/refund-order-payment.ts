import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { orderLines, orders, refunds } from "../../../db/schema/orders.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { REFUNDABLE } from "../../loyalty/refund-order.ts";
import { requireStaff } from "../../shared/access.ts";
import { AppError } from "../../shared/app-error.ts";
import { identifier, requiredText, wholeNumber } from "../../shared/input.ts";
import { formatMoney } from "../../shared/money.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Tx } from "../../shared/transaction.ts";
import { completeRefund } from "./complete-refund.ts";

/** An order's price is far below this; it only keeps the number one the database can hold. */
const MAX_REFUND_CENTS = 100_000_000;
/** When a refund the provider did not confirm at once is tried again. */
const RETRY_AFTER_MS = 60_000;

export const RefundOrderPaymentInput = z.object({
  orderId: identifier(),
  /** What to give back: all that is left, some of the order's lines, or an amount. */
  what: z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("rest") }),
      z.object({ kind: z.literal("amount"), amountCents: wholeNumber(1, MAX_REFUND_CENTS) }),
      z.object({
        kind: z.literal("lines"),
        lines: z
          .array(z.object({ position: wholeNumber(0, 1_000), quantity: wholeNumber(1, 999) }))
          .min(1, { error: "choose at least one line" }),
      }),
    ],
    { error: "must be rest, amount or lines" },
  ),
  reason: requiredText(200),
  /** Cancels the order too: only before it has shipped. */
  cancel: z.boolean().default(false),
});

type Input = z.output<typeof RefundOrderPaymentInput>;
export type RefundOrderPaymentRequest = z.input<typeof RefundOrderPaymentInput>;
type OrderRow = typeof orders.$inferSelect;

/** What the chosen lines cost the shopper, quantity by quantity (their share of any line discount included). */
async function linesAmount(tx: Tx, orderId: string, chosen: { position: number; quantity: number }[]): Promise<number> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  let cents = 0;
  for (const pick of chosen) {
    const line = lines.find((candidate) => candidate.position === pick.position);
    if (!line) throw new AppError("BAD_USER_INPUT", "lines: one of them is not on this order", { lines: "is not on this order" });
    if (pick.quantity > line.quantity)
      throw new AppError("BAD_USER_INPUT", `lines: only ${line.quantity} of ${line.productName} were bought`, {
        lines: "more than were bought",
      });
    cents += Math.round((line.lineTotalCents * pick.quantity) / line.quantity);
  }
  return cents;
}

async function pendingCents(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return Number(row?.cents ?? 0);
}

async function amountOf(tx: Tx, order: OrderRow, input: Input, left: number): Promise<number> {
  if (input.cancel || input.what.kind === "rest") return left;
  return input.what.kind === "amount" ? input.what.amountCents : linesAmount(tx, order.id, input.what.lines);
}

/**
 * refundOrderPayment (staff with "refunds"): gives money back through the payment provider — all
 * that is left, chosen lines, or an amount — and, with `cancel`, cancels an order not yet shipped.
 * First the refund is reserved on the locked order (never more than is left once pending refunds
 * count, so two staff at once cannot together pass the price), with the audit entry and a job that
 * completes it should this process stop; then the provider is asked and the refund recorded
 * (`completeRefund`). A provider that does not answer leaves the refund pending for the job.
 */
export const refundOrderPayment = defineOperation(RefundOrderPaymentInput, async (ctx, input) => {
  const actor = requireStaff(ctx, "refunds");
  const at = ctx.now();
  const reserved = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    if (!REFUNDABLE.includes(order.status))
      throw new AppError("CONFLICT", `This order is ${order.status.replace("_", " ")}, so it cannot be refunded.`);
    if (input.cancel && order.status !== "paid")
      throw new AppError("CONFLICT", `This order is ${order.status}, so it can no longer be cancelled.`);
    const left = order.priceCents - order.refundedCents - (await pendingCents(tx, order.id));
    if (left <= 0) throw new AppError("CONFLICT", "Nothing is left to refund on this order.");
    const amountCents = await amountOf(tx, order, input, left);
    if (amountCents > left)
      throw new AppError("BAD_USER_INPUT", `Only ${formatMoney(left)} of this order is left to refund.`, {
        amountCents: "more than is left",
      });
    const id = randomUUID();
    await tx.insert(refunds).values({
      id,
      orderId: order.id,
      amountCents,
      reason: input.reason,
      source: "staff",
      status: "pending",
      cancelsOrder: input.cancel,
      staffEmail: actor.email,
      createdAt: at,
    });
    await ctx.jobs.send("complete-refund", { refundId: id }, { tx, startAfter: new Date(at.getTime() + RETRY_AFTER_MS) });
    await recordAudit(tx, {
      actor,
      action: input.cancel ? "order.cancel" : "order.refund",
      target: order.invoiceId,
      before: { status: order.status, refundedCents: order.refundedCents },
      after: { refundId: id, amountCents, reason: input.reason },
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
