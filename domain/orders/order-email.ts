import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailOutbox, orders } from "../../db/schema/orders.ts";
import type { Mailer, OutgoingEmail } from "../../integrations/email/mailer.ts";
import { rewardDescription } from "../loyalty/redeems/order-rewards.ts";
import { formatMoney } from "../shared/money.ts";
import { lineDescription } from "./line-description.ts";
import { loadOrder, type OrderView } from "./order-view.ts";

export type OrderEmailDeps = { db: Database; mailer: Mailer; brandName: string; publicUrl: string };

const MAX_ATTEMPTS = 5;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

export function orderConfirmationEmail(order: OrderView, brandName: string, publicUrl: string): OutgoingEmail {
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
 * Sends the confirmation emails written by fulfilment and not yet sent. A row is claimed by bumping
 * its attempt count first, so two senders never both send it; an error leaves it for the next run.
 */
export async function sendPendingOrderEmails(deps: OrderEmailDeps): Promise<number> {
  const pending = await deps.db
    .select({ id: emailOutbox.id, orderId: emailOutbox.orderId, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(50);
  let sent = 0;
  for (const row of pending) {
    const claimed = await deps.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), isNull(emailOutbox.sentAt)))
      .returning({ id: emailOutbox.id });
    if (claimed.length === 0) continue;
    const order = await loadOrder(deps.db, eq(orders.id, row.orderId));
    if (!order) continue;
    await deps.mailer.send(orderConfirmationEmail(order, deps.brandName, deps.publicUrl));
    await deps.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
    sent++;
  }
  return sent;
}
