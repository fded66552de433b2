import { asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox } from "../../../db/schema/email-outbox.ts";
import { members } from "../../../db/schema/members.ts";
import { orders } from "../../../db/schema/orders.ts";
import { pointTransactions } from "../../../db/schema/points.ts";
import { refundLines, refunds } from "../../../db/schema/refunds.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { shipmentOf } from "../../../kernel/carriers.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { pointEntryLabel } from "../../../kernel/point-kinds.ts";
import { orderEntryKey } from "../../loyalty/points/order-earn.ts";
import { MEMBER_EMAILS } from "../../member-emails/member-emails.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { loadOrder } from "../order-view.ts";
import { creditNotesOf } from "../refunds/order-refunds.ts";
import { linesWithRefunds } from "../refunds/refund-plan.ts";

export type TimelineEvent = { at: Date; what: string };

const declared = { access: staffHolding("orders"), input: z.object({ orderId: identifier() }) };

/**
 * One order as staff look after it: what was bought (and how much of each line is refunded), paid
 * and sent, who it belongs to, its refunds with their credit notes and lines, the points it moved,
 * the emails sent for it, and what happened when.
 */
export const orderForStaff = defineOperation(declared, async function orderForStaff(ctx, { orderId }) {
  const order = await loadOrder(ctx.db, eq(orders.id, orderId));
  if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
  const [member] = order.memberId
    ? await ctx.db
        .select({ id: members.id, name: members.name, email: members.email, status: members.membershipStatus })
        .from(members)
        .where(eq(members.id, order.memberId))
    : [];
  const points = await ctx.db
    .select({
      kind: pointTransactions.activityType,
      transactionType: pointTransactions.transactionType,
      points: pointTransactions.points,
      at: pointTransactions.transactionAt,
      meta: pointTransactions.meta,
    })
    .from(pointTransactions)
    .where(
      or(eq(pointTransactions.idempotencyKey, orderEntryKey(order.id)), sql`${pointTransactions.meta}->>'orderId' = ${order.id}`),
    )
    .orderBy(asc(pointTransactions.transactionAt));
  const emails = await ctx.db
    .select({ id: emailOutbox.id, kind: emailOutbox.kind, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.orderId, order.id))
    .orderBy(asc(emailOutbox.createdAt));
  const refundRows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt));
  const creditNotes = await creditNotesOf(ctx.db, order);
  const credited = await ctx.db.select().from(refundLines).where(eq(refundLines.orderId, order.id));
  const lines = await linesWithRefunds(ctx.db, order.id);
  const shipment = shipmentOf(order);
  const timeline: TimelineEvent[] = [
    { at: order.createdAt, what: "Order placed" },
    { at: order.paidAt, what: "Paid" },
    ...emails.flatMap((email) => (email.sentAt ? [{ at: email.sentAt, what: `Email sent: ${EMAIL_KINDS[email.kind]}` }] : [])),
    ...points.map((entry) => ({
      at: entry.at,
      what: `${pointEntryLabel(entry.kind, entry.meta)}: ${entry.transactionType === "credit" ? "+" : "−"}${entry.points} points`,
    })),
    ...(order.linkedAt ? [{ at: order.linkedAt, what: "Linked to a member" }] : []),
    ...(order.shippedAt && shipment
      ? [{ at: order.shippedAt, what: `Shipped with ${shipment.carrierName}, tracking ${shipment.trackingNumber}` }]
      : []),
    ...(order.deliveredAt ? [{ at: order.deliveredAt, what: "Delivered" }] : []),
    ...refundRows.flatMap((refund) =>
      refund.completedAt
        ? [
            {
              at: refund.completedAt,
              what: `${refund.cancelsOrder ? "Cancelled and refunded" : "Refunded"} ${formatMoney(refund.amountCents)}`,
            },
          ]
        : [],
    ),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    order,
    member: member ?? null,
    shipment,
    points: points.map(({ meta, ...entry }) => ({ ...entry, label: pointEntryLabel(entry.kind, meta) })),
    /** Each line with the boxes refunds credit (pending ones too). */
    lines,
    refunds: refundRows.map((refund) => ({
      ...refund,
      creditNoteId: creditNotes.find((note) => note.id === refund.id)?.creditNoteId ?? null,
      lines: credited
        .filter((row) => row.refundId === refund.id)
        .map((row) => ({ position: row.position, quantity: row.quantity })),
    })),
    emails: emails.map((email) => ({ ...email, label: EMAIL_KINDS[email.kind] })),
    timeline,
  };
});

export const EMAIL_KINDS: Record<(typeof emailOutbox.$inferSelect)["kind"], string> = {
  "order-confirmation": "Order confirmation",
  "order-shipped": "Shipped, with tracking",
  "order-refund": "Refund",
  "error-alert": "Error alert",
  "low-stock": "Low stock",
  "subscription-payment-failed": "Subscription payment failed (to the admin)",
  ...Object.fromEntries(Object.entries(MEMBER_EMAILS).map(([kind, { label }]) => [kind, label])),
} as Record<(typeof emailOutbox.$inferSelect)["kind"], string>;
