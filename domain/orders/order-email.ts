import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, orders } from "../../db/schema/orders.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { errorAlertEmail } from "../alerts/error-alert-email.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { rewardDescription } from "../loyalty/redeems/order-rewards.ts";
import { requireSystem } from "../shared/access.ts";
import { AppError } from "../shared/app-error.ts";
import type { OperationContext } from "../shared/context.ts";
import { uuid } from "../shared/input.ts";
import { formatMoney } from "../shared/money.ts";
import { defineOperation } from "../shared/operation.ts";
import type { Tx } from "../shared/transaction.ts";
import { lineDescription } from "./line-description.ts";
import { loadOrder, type OrderView } from "./order-view.ts";

type EmailContent = Omit<OutgoingEmail, "key" | "date">;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

export function orderConfirmationEmail(order: OrderView, brandName: string, publicUrl: string): EmailContent {
  const link = `${publicUrl}/order/${order.invoiceId}`;
  const lines = [
    ...order.lines.map((line) => `${line.quantity} × ${lineDescription(line)} — ${formatMoney(line.lineTotalCents)}`),
    ...order.rewards.map((reward) => `${reward.quantity} × ${rewardDescription(reward)} — ${formatMoney(0)}`),
  ];
  const delivery = `Estimated delivery: ${order.deliveryStart} to ${order.deliveryEnd}`;
  const text = [
    `Hi ${order.customer.name},`,
    "",
    `Thank you for your order ${order.invoiceId}. We've received your payment of ${formatMoney(order.priceCents)}.`,
    "",
    ...lines,
    "",
    delivery,
    `Your invoice: ${link}`,
    "",
    `— ${brandName}`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(order.customer.name)},</p>
<p>Thank you for your order <strong>${order.invoiceId}</strong>. We've received your payment of <strong>${formatMoney(order.priceCents)}</strong>.</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${delivery}</p>
<p><a href="${escapeHtml(link)}">View your invoice</a> (you'll be asked for the mobile number on the order).</p>
<p>— ${escapeHtml(brandName)}</p>`;
  return { to: order.email, subject: `Your ${brandName} order ${order.invoiceId}`, text, html };
}

/**
 * Writes the order's confirmation email into the outbox and queues the job that sends it, both in
 * the transaction that makes the order: a committed order always has its email job, and a rolled
 * back one never does.
 */
export async function queueOrderConfirmation(tx: Tx, jobs: JobQueue, orderId: string): Promise<void> {
  const id = randomUUID();
  await tx.insert(emailOutbox).values({ id, orderId, kind: "order-confirmation" });
  await jobs.send("send-email", { outboxId: id }, { tx });
}

/**
 * The send-email job: sends one outbox email unless it is already marked sent. The queue runs a job
 * on one worker at a time; if a process dies after the mail server took the message and before it
 * was marked, the retry sends it again under the same key (same outbox file, same Message-ID), so
 * the shopper still sees one email.
 */
export const sendOutboxEmail = defineOperation(z.object({ outboxId: uuid() }), async (ctx, { outboxId }) => {
  requireSystem(ctx);
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!row) throw new AppError("NOT_FOUND", `No outbox email ${outboxId}.`);
  if (row.sentAt) return { sent: false };
  const { brandName, publicUrl } = ctx.settings;
  const content = row.alertId
    ? await errorAlertEmail(ctx.db, row.alertId, brandName)
    : orderConfirmationEmail(await orderOf(ctx, row.orderId, outboxId), brandName, publicUrl);
  await ctx.mailer.send({ key: row.id, date: row.createdAt, ...content });
  await ctx.db
    .update(emailOutbox)
    .set({ sentAt: ctx.now() })
    .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt)));
  return { sent: true };
});

async function orderOf(ctx: Pick<OperationContext, "db">, orderId: string | null, outboxId: string): Promise<OrderView> {
  const order = orderId ? await loadOrder(ctx.db, eq(orders.id, orderId)) : null;
  if (!order) throw new AppError("NOT_FOUND", `The order of outbox email ${outboxId} is gone.`);
  return order;
}
