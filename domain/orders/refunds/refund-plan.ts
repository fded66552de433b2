import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../../db/client.ts";
import { orderLines, type orders } from "../../../db/schema/orders.ts";
import { refundLines, refunds } from "../../../db/schema/refunds.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { isKeptOrderStatus, ORDER_STATUS_PHRASES } from "../../../kernel/order-statuses.ts";
import { identifier, requiredText, wholeNumber } from "../../shared/input.ts";

/** An order's price is far below this; it only keeps the number one the database can hold. */
export const MAX_REFUND_CENTS = 100_000_000;

/** What staff ask to give back on an order: all that is left, an amount, or some of its lines. */
export const RefundRequestInput = z.object({
  orderId: identifier(),
  what: z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("rest") }),
      z.object({ kind: z.literal("amount"), amountCents: wholeNumber(1, MAX_REFUND_CENTS) }),
      z.object({
        kind: z.literal("lines"),
        lines: z
          .array(z.object({ position: wholeNumber(0, 1_000), quantity: wholeNumber(1, 999) }))
          .min(1, { error: "choose at least one line" })
          .refine((lines) => new Set(lines.map((line) => line.position)).size === lines.length, {
            error: "name each line once",
          }),
      }),
    ],
    { error: "must be rest, amount or lines" },
  ),
  reason: requiredText(200),
  /** Cancels the order too: only before it has shipped, and always all that is left. */
  cancel: z.boolean().default(false),
  /** Puts the refunded boxes back in stock (a cancel always does). */
  restock: z.boolean().default(false),
});

export type RefundRequest = z.output<typeof RefundRequestInput>;
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** An order line with how many of its boxes refunds credit, pending ones included. */
export type LineWithRefunds = OrderLineRow & { refundedQuantity: number };

/** A refund's credited boxes of one line. */
export type CreditedLine = { position: number; quantity: number; description: string };

/** What a refund gives back: its amount and the lines it credits (none for an amount that leaves some of the order). */
export type RefundPlan = { amountCents: number; lines: CreditedLine[] };

/** The order's lines, each with the boxes its refunds (pending ones too) credit. */
export async function linesWithRefunds(db: Database | Tx, orderId: string): Promise<LineWithRefunds[]> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  const credited = await db
    .select({ position: refundLines.position, quantity: sql<number>`sum(${refundLines.quantity})::int` })
    .from(refundLines)
    .where(eq(refundLines.orderId, orderId))
    .groupBy(refundLines.position);
  return lines.map((line) => ({
    ...line,
    refundedQuantity: Number(credited.find((each) => each.position === line.position)?.quantity ?? 0),
  }));
}

/** Every box not yet credited: what a refund leaving nothing of the order to refund credits. */
export function openLines(lines: LineWithRefunds[]): CreditedLine[] {
  return lines
    .filter((line) => line.quantity > line.refundedQuantity)
    .map((line) => ({
      position: line.position,
      quantity: line.quantity - line.refundedQuantity,
      description: lineDescription(line),
    }));
}

/** A line's first `boxes` boxes at what the shopper paid (line discount included); the shares of a line always add up to it. */
export const paidFor = (line: Pick<OrderLineRow, "lineTotalCents" | "quantity">, boxes: number) =>
  Math.round((line.lineTotalCents * boxes) / line.quantity);

function chosenLines(lines: LineWithRefunds[], chosen: { position: number; quantity: number }[]) {
  return chosen.map((pick) => {
    const line = lines.find((candidate) => candidate.position === pick.position);
    if (!line) throw new AppError("BAD_USER_INPUT", "lines: one of them is not on this order", { lines: "is not on this order" });
    const description = lineDescription(line);
    const open = line.quantity - line.refundedQuantity;
    if (pick.quantity > open) {
      const problem =
        open === 0
          ? `${description} is already refunded in full (${line.quantity} bought).`
          : `Only ${open} more of ${description} can be refunded (${line.quantity} bought, ${line.refundedQuantity} refunded).`;
      throw new AppError("BAD_USER_INPUT", problem, { lines: "more than is left of the line" });
    }
    const cents = paidFor(line, line.refundedQuantity + pick.quantity) - paidFor(line, line.refundedQuantity);
    return { position: line.position, quantity: pick.quantity, description, cents };
  });
}

async function pendingCents(db: Database | Tx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return Number(row?.cents ?? 0);
}

/**
 * What the refund would give back on the order now: never more money than is left once pending
 * refunds count, never more of a line than is left of it. With the order row locked it holds until
 * the transaction ends, so two staff at once cannot together pass the price or a line.
 */
export async function planRefund(db: Database | Tx, order: OrderRow, request: RefundRequest): Promise<RefundPlan> {
  if (!isKeptOrderStatus(order.status))
    throw new AppError("CONFLICT", `This order is ${ORDER_STATUS_PHRASES[order.status]}, so it cannot be refunded.`);
  if (order.status === "cancelling")
    throw new AppError("CONFLICT", "This order is being cancelled: its refund is waiting for the payment provider.");
  if (request.cancel && order.status !== "paid")
    throw new AppError("CONFLICT", `This order is ${ORDER_STATUS_PHRASES[order.status]}, so it can no longer be cancelled.`);
  const left = order.priceCents - order.refundedCents - (await pendingCents(db, order.id));
  if (left <= 0) throw new AppError("CONFLICT", "Nothing is left to refund on this order.");
  const lines = await linesWithRefunds(db, order.id);
  const what = request.cancel ? { kind: "rest" as const } : request.what;
  if (what.kind === "lines") {
    const chosen = chosenLines(lines, what.lines);
    const amountCents = chosen.reduce((sum, line) => sum + line.cents, 0);
    if (amountCents > left) throw overLeft(left);
    return { amountCents, lines: chosen.map(({ cents: _cents, ...line }) => line) };
  }
  const amountCents = what.kind === "rest" ? left : what.amountCents;
  if (amountCents > left) throw overLeft(left);
  return { amountCents, lines: amountCents === left ? openLines(lines) : [] };
}

/** Writes down the lines a refund credits, in the transaction that records the refund. */
export async function recordCreditedLines(tx: Tx, refundId: string, orderId: string, lines: CreditedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(refundLines).values(lines.map(({ position, quantity }) => ({ refundId, orderId, position, quantity })));
}

const overLeft = (left: number) =>
  new AppError("BAD_USER_INPUT", `Only ${formatMoney(left)} of this order is left to refund.`, {
    amountCents: "more than is left",
  });
