import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { refunds } from "../../../db/schema/orders.ts";
import { AppError } from "../../shared/app-error.ts";
import type { OperationContext } from "../../shared/context.ts";
import { defineOperation } from "../../shared/operation.ts";
import { renderCreditNotePdf } from "../credit-note-pdf.ts";
import { visibleOrder } from "../order-access.ts";

type RefundRow = typeof refunds.$inferSelect;

/** A credit note's number: the invoice's, then CN and its place among the order's refunds. */
export const creditNoteId = (invoiceId: string, index: number) => `${invoiceId}-CN${index + 1}`;

async function completedRefunds(ctx: Pick<OperationContext, "db">, orderId: string): Promise<RefundRow[]> {
  return ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded")))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
}

/** The refunds of an order the viewer may see (viewOrder's rule), each with its credit note's number. */
export const listOrderRefunds = defineOperation(z.object({ invoiceId: z.string() }), async (ctx, { invoiceId }) => {
  const order = await visibleOrder(ctx, invoiceId);
  return (await completedRefunds(ctx, order.id)).map((refund, index) => ({
    id: refund.id,
    creditNoteId: creditNoteId(order.invoiceId, index),
    amountCents: refund.amountCents,
    completedAt: refund.completedAt ?? refund.createdAt,
  }));
});

/** One refund's credit note PDF, for whoever may see the order. */
export const getCreditNotePdf = defineOperation(
  z.object({ invoiceId: z.string(), refundId: z.string() }),
  async (ctx, { invoiceId, refundId }) => {
    const order = await visibleOrder(ctx, invoiceId);
    const done = await completedRefunds(ctx, order.id);
    const index = done.findIndex((refund) => refund.id === refundId);
    const refund = done[index];
    if (!refund) throw new AppError("NOT_FOUND", "There is no such credit note.");
    const issuedAt = refund.completedAt ?? refund.createdAt;
    const soFar = done.slice(0, index + 1).reduce((sum, each) => sum + each.amountCents, 0);
    const id = creditNoteId(order.invoiceId, index);
    const pdf = await renderCreditNotePdf({
      brandName: ctx.settings.brandName,
      supplier: ctx.settings.supplier,
      creditNoteId: id,
      invoiceId: order.invoiceId,
      invoiceDate: order.paidAt,
      issuedAt,
      customer: { ...order.customer, email: order.email },
      reason: refund.reason,
      amountCents: refund.amountCents,
      cancelsOrder: refund.cancelsOrder,
      orderTotalCents: order.priceCents,
      refundedSoFarCents: soFar,
    });
    return { creditNoteId: id, pdf };
  },
);
