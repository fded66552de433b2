import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { orders } from "../../../db/schema/orders.ts";
import { refundLines, refunds } from "../../../db/schema/refunds.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { staffHolding } from "../../shared/access.ts";
import type { OperationContext } from "../../shared/context.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { renderCreditNotePdf } from "../credit-note-pdf.ts";
import { orderHolder } from "../order-access.ts";
import { loadOrder, type OrderView } from "../order-view.ts";
import { paidFor } from "./refund-plan.ts";

type RefundRow = typeof refunds.$inferSelect;

/** A credit note's number: the invoice's, then CN and its place among the order's refunds. */
export const creditNoteId = (invoiceId: string, index: number) => `${invoiceId}-CN${index + 1}`;

/** The order's completed refunds in the order they completed, each with its credit note's number. */
export async function creditNotesOf(
  db: Database,
  order: { id: string; invoiceId: string },
): Promise<(RefundRow & { creditNoteId: string })[]> {
  const done = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "succeeded")))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
  return done.map((refund, index) => ({ ...refund, creditNoteId: creditNoteId(order.invoiceId, index) }));
}

const listOrderRefundsDeclared = { access: orderHolder, input: z.object({ invoiceId: z.string() }) };

/** The refunds of an order the viewer may see (viewOrder's rule), each with its credit note's number. */
export const listOrderRefunds = defineOperation(listOrderRefundsDeclared, async function listOrderRefunds(ctx, _input, order) {
  return (await creditNotesOf(ctx.db, order)).map((refund) => ({
    id: refund.id,
    creditNoteId: refund.creditNoteId,
    amountCents: refund.amountCents,
    completedAt: refund.completedAt ?? refund.createdAt,
  }));
});

/**
 * The lines a refund credits, as the order describes them, each with what its boxes were priced at and
 * what the order's discounts took off them (the boxes earlier refunds credited come first, as refund-plan splits them).
 */
async function creditedLines(db: Database, order: OrderView, refundId: string, earlierRefundIds: string[]) {
  const rows = await db.select().from(refundLines).where(eq(refundLines.orderId, order.id)).orderBy(asc(refundLines.position));
  return rows
    .filter((row) => row.refundId === refundId)
    .map((row) => {
      const line = order.lines.find((candidate) => candidate.position === row.position);
      if (!line) throw new Error(`Refund ${refundId} credits line ${row.position}, which order ${order.invoiceId} does not have`);
      const before = rows
        .filter((earlier) => earlier.position === row.position && earlierRefundIds.includes(earlier.refundId))
        .reduce((sum, earlier) => sum + earlier.quantity, 0);
      const priceCents = line.unitPriceCents * row.quantity;
      const paidCents = paidFor(line, before + row.quantity) - paidFor(line, before);
      return { description: lineDescription(line), quantity: row.quantity, priceCents, discountCents: priceCents - paidCents };
    });
}

async function creditNotePdf(ctx: Pick<OperationContext, "db" | "settings">, order: OrderView, refundId: string) {
  const done = await creditNotesOf(ctx.db, order);
  const index = done.findIndex((refund) => refund.id === refundId);
  const refund = done[index];
  if (!refund) throw new AppError("NOT_FOUND", "There is no such credit note.");
  const earlier = done.slice(0, index).map((each) => each.id);
  const lines = await creditedLines(ctx.db, order, refund.id, earlier);
  const pdf = await renderCreditNotePdf({
    brandName: ctx.settings.brandName,
    supplier: ctx.settings.supplier,
    creditNoteId: refund.creditNoteId,
    invoiceId: order.invoiceId,
    invoiceDate: order.paidAt,
    issuedAt: refund.completedAt ?? refund.createdAt,
    customer: { ...order.customer, email: order.email },
    reason: refund.reason,
    lines,
    split:
      order.adjustments.some((adjustment) => adjustment.source === "quantity") && lines.length > 0
        ? order.adjustments.filter((adjustment) => adjustment.cents > 0).map((adjustment) => adjustment.label)
        : null,
    amountCents: refund.amountCents,
    cancelsOrder: refund.cancelsOrder,
    orderTotalCents: order.priceCents,
    refundedSoFarCents: done.slice(0, index + 1).reduce((sum, each) => sum + each.amountCents, 0),
  });
  return { creditNoteId: refund.creditNoteId, pdf };
}

/** One refund's credit note PDF, for whoever may see the order. */
export const getCreditNotePdf = defineOperation(
  { access: orderHolder, input: z.object({ invoiceId: z.string(), refundId: z.string() }) },
  async function getCreditNotePdf(ctx, { refundId }, order) {
    return creditNotePdf(ctx, order, refundId);
  },
);

/** One refund's credit note PDF for staff looking after the order (`orders`). */
export const getStaffCreditNotePdf = defineOperation(
  {
    access: staffHolding("orders"),
    input: z.object({ orderId: identifier(), refundId: z.string() }),
  },
  async function getStaffCreditNotePdf(ctx, { orderId, refundId }) {
    const order = await loadOrder(ctx.db, eq(orders.id, orderId));
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    return creditNotePdf(ctx, order, refundId);
  },
);
