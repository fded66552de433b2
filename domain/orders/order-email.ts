import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { emailOutbox, type SHOP_EMAIL_KINDS } from "../../db/schema/email-outbox.ts";
import { orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { AppError } from "../../kernel/app-error.ts";
import { shipmentOf } from "../../kernel/carriers.ts";
import { formatCalendarDate, formatDate } from "../../kernel/format-timestamp.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { formatMoney } from "../../kernel/money.ts";
import { orderPaymentLabel } from "../../kernel/payment-methods.ts";
import { emailKeepOrderToken, keepOrderHref } from "../loyalty/order-points/keep-order-link.ts";
import { rewardDescription } from "../loyalty/rewards/redeems/order-rewards.ts";
import type { OperationContext } from "../shared/context.ts";
import type { JobQueue } from "../shared/job-queue.ts";
import { orderDeliveryText } from "./order-delivery.ts";
import { type OrderMoney, orderMoney, quantifiedDescription, shippingText } from "./order-money.ts";
import { loadOrder, type OrderView } from "./order-view.ts";
import { type StartedSubscription, subscriptionsStartedBy } from "./started-subscriptions.ts";

type EmailContent = Omit<OutgoingEmail, "key" | "date">;
type RefundRow = typeof refunds.$inferSelect;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** The order's money as rows of text: each line at its price, then subtotal, each discount, shipping and total. */
function moneyRows(money: OrderMoney): { items: string[]; totals: [string, string][] } {
  const items = [
    ...money.lines.map((line) => {
      const each = line.quantity > 1 ? ` at ${formatMoney(line.unitPriceCents)} each` : "";
      return `${quantifiedDescription(line)}${each} — ${formatMoney(line.amountCents)}`;
    }),
    ...money.rewards.map((reward) => {
      const count = reward.quantity > 1 ? ` × ${reward.quantity}` : "";
      return `${rewardDescription(reward)}${count} — ${formatMoney(0)}`;
    }),
  ];
  const totals: [string, string][] = [["Subtotal", formatMoney(money.subtotalCents)]];
  for (const discount of money.discounts) totals.push([discount.label, formatMoney(-discount.cents)]);
  totals.push(["Shipping", shippingText(money.shippingCents)], ["Total paid", formatMoney(money.totalCents)]);
  return { items, totals };
}

/** What the first order of subscriptions says of them: each with its cadence and next date, and where to manage them. */
function subscriptionRows(order: OrderView, started: StartedSubscription[], publicUrl: string): string[] {
  if (started.length === 0) return [];
  return [
    started.length === 1 ? "Your subscription has started:" : "Your subscriptions have started:",
    ...started.map(({ optionId, cadenceWeeks, nextRenewalOn }) => {
      const line = order.lines.find((orderLine) => orderLine.optionId === optionId);
      const name = line ? lineDescription(line) : optionId;
      return `${name}: every ${cadenceWeeks} weeks, next on ${formatCalendarDate(nextRenewalOn)}`;
    }),
    `Skip, pause or cancel any time at ${publicUrl}/member/subscriptions`,
  ];
}

/** A guest order's signed link to keep it on a membership; none for a member's own order. */
function keepOrderLink(order: OrderView, publicUrl: string, emailLinkSecret: string | null): string | null {
  if (order.memberId !== null || emailLinkSecret === null) return null;
  return `${publicUrl}${keepOrderHref(emailKeepOrderToken(emailLinkSecret, order))}`;
}

const KEEP_ORDER_OFFER = "Keep this order's points: join or sign in with this link and the order goes on your membership";

export function orderConfirmationEmail(
  order: OrderView,
  brandName: string,
  publicUrl: string,
  started: StartedSubscription[] = [],
  emailLinkSecret: string | null = null,
): EmailContent {
  const link = `${publicUrl}/order/${order.invoiceId}`;
  const subscribed = subscriptionRows(order, started, publicUrl);
  const keep = keepOrderLink(order, publicUrl, emailLinkSecret);
  const money = orderMoney(order);
  const { items, totals } = moneyRows(money);
  const thanks = `Thank you for your order ${order.invoiceId}, paid on ${formatDate(order.paidAt)}.`;
  const paidBy = `Paid by ${orderPaymentLabel(order)}.`;
  const delivery = `Estimated delivery: ${orderDeliveryText(order)}`;
  const text = [
    `Hi ${order.customer.name},`,
    "",
    thanks,
    paidBy,
    "",
    ...items,
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    delivery,
    `Your invoice: ${link}`,
    ...(subscribed.length > 0 ? ["", ...subscribed] : []),
    ...(keep ? ["", `${KEEP_ORDER_OFFER}: ${keep}`] : []),
    "",
    `— ${brandName}`,
  ].join("\n");
  const totalRows = totals
    .map(([label, value], index) => {
      const weight = index === totals.length - 1 ? "font-weight:bold;" : "";
      return `<tr><td style="${weight}padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="${weight}text-align:right">${escapeHtml(value)}</td></tr>`;
    })
    .join("");
  const html = `<p>Hi ${escapeHtml(order.customer.name)},</p>
<p>${escapeHtml(thanks)} ${escapeHtml(paidBy)}</p>
<ul>${items.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<table role="presentation">${totalRows}</table>
<p>${escapeHtml(delivery)}</p>
<p><a href="${escapeHtml(link)}">View your invoice</a> (you'll be asked for the mobile number on the order).</p>
${subscribed.map((row) => `<p>${escapeHtml(row)}</p>`).join("\n")}
${keep ? `<p><a href="${escapeHtml(keep)}">${escapeHtml(KEEP_ORDER_OFFER)}</a>.</p>` : ""}
<p>— ${escapeHtml(brandName)}</p>`;
  return { to: order.email, subject: `Your ${brandName} order ${order.invoiceId}`, text, html };
}

type OrderEmailKind = Exclude<(typeof SHOP_EMAIL_KINDS)[number], "error-alert">;

/** The shopper's email that says the order is on its way, with where to follow it. */
export function orderShippedEmail(order: OrderView, brandName: string, publicUrl: string): EmailContent {
  const shipment = shipmentOf(order);
  const link = `${publicUrl}/order-details/${order.invoiceId}`;
  const carrier = shipment ? `${shipment.carrierName}, tracking number ${shipment.trackingNumber}` : "our courier";
  const follow = shipment?.trackingUrl ? `Follow your parcel: ${shipment.trackingUrl}` : null;
  const text = [
    `Hi ${order.customer.name},`,
    "",
    `Your order ${order.invoiceId} is on its way with ${carrier}.`,
    ...(follow ? [follow] : []),
    "",
    `Your order's status: ${link}`,
    "",
    `— ${brandName}`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(order.customer.name)},</p>
<p>Your order ${escapeHtml(order.invoiceId)} is on its way with ${escapeHtml(carrier)}.</p>
${shipment?.trackingUrl ? `<p><a href="${escapeHtml(shipment.trackingUrl)}">Follow your parcel</a></p>` : ""}
<p><a href="${escapeHtml(link)}">Your order's status</a> (you'll be asked for the mobile number on the order).</p>
<p>— ${escapeHtml(brandName)}</p>`;
  return { to: order.email, subject: `Your ${brandName} order ${order.invoiceId} has shipped`, text, html };
}

/** The shopper's email for one refund: how much comes back, and whether the order was cancelled. */
export function orderRefundEmail(order: OrderView, brandName: string, publicUrl: string, refund: RefundRow): EmailContent {
  const link = `${publicUrl}/order-details/${order.invoiceId}`;
  const what = refund.cancelsOrder
    ? `We have cancelled your order ${order.invoiceId} and refunded ${formatMoney(refund.amountCents)}.`
    : `We have refunded ${formatMoney(refund.amountCents)} of your order ${order.invoiceId}.`;
  const when = "It goes back to the card you paid with, usually within 5 to 10 working days.";
  const total = `Refunded on this order so far: ${formatMoney(order.refundedCents)} of ${formatMoney(order.priceCents)}.`;
  const creditNote = `${publicUrl}/order/${order.invoiceId}/credit-note/${refund.id}`;
  const text = [
    `Hi ${order.customer.name},`,
    "",
    what,
    when,
    total,
    "",
    `Your credit note: ${creditNote}`,
    `Your order: ${link}`,
    "",
    `— ${brandName}`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(order.customer.name)},</p>
<p>${escapeHtml(what)} ${escapeHtml(when)}</p>
<p>${escapeHtml(total)}</p>
<p><a href="${escapeHtml(creditNote)}">Your credit note (PDF)</a> · <a href="${escapeHtml(link)}">Your order</a> (you'll be asked for the mobile number on the order).</p>
<p>— ${escapeHtml(brandName)}</p>`;
  const subject = refund.cancelsOrder
    ? `Your ${brandName} order ${order.invoiceId} is cancelled`
    : `A refund on your ${brandName} order ${order.invoiceId}`;
  return { to: order.email, subject, text, html };
}

/**
 * Writes one of an order's emails into the outbox and queues the job that sends it, both in the
 * transaction that changes the order: a committed change always has its email job, and a rolled back
 * one never does. Each kind goes out once per order (a unique key on the outbox).
 */
export async function queueOrderEmail(
  tx: Tx,
  jobs: JobQueue,
  orderId: string,
  kind: OrderEmailKind,
  refundId: string | null = null,
): Promise<void> {
  const id = randomUUID();
  await tx.insert(emailOutbox).values({ id, orderId, kind, refundId });
  await jobs.send("send-email", { outboxId: id }, { tx });
}

const ORDER_EMAILS: Record<
  OrderEmailKind,
  (
    order: OrderView,
    brandName: string,
    publicUrl: string,
    refund: RefundRow | null,
    db: Database,
    emailLinkSecret: string,
  ) => Promise<EmailContent> | EmailContent
> = {
  "order-confirmation": async (order, brandName, publicUrl, _refund, db, emailLinkSecret) =>
    orderConfirmationEmail(order, brandName, publicUrl, await subscriptionsStartedBy(db, order.id), emailLinkSecret),
  "order-shipped": orderShippedEmail,
  "order-refund": (order, brandName, publicUrl, refund) => {
    if (!refund) throw new AppError("NOT_FOUND", `The refund of order ${order.invoiceId}'s email is gone.`);
    return orderRefundEmail(order, brandName, publicUrl, refund);
  },
};

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The email an order's outbox row sends: the order as it is now, and the refund the row names. */
export async function orderEmailToSend(ctx: Pick<OperationContext, "db" | "settings">, row: OutboxRow): Promise<EmailContent> {
  const { brandName, publicUrl, emailLinkSecret } = ctx.settings;
  return ORDER_EMAILS[row.kind as OrderEmailKind](
    await orderOf(ctx, row.orderId, row.id),
    brandName,
    publicUrl,
    row.refundId ? ((await ctx.db.select().from(refunds).where(eq(refunds.id, row.refundId)))[0] ?? null) : null,
    ctx.db,
    emailLinkSecret,
  );
}

async function orderOf(ctx: Pick<OperationContext, "db">, orderId: string | null, outboxId: string): Promise<OrderView> {
  const order = orderId ? await loadOrder(ctx.db, eq(orders.id, orderId)) : null;
  if (!order) throw new AppError("NOT_FOUND", `The order of outbox email ${outboxId} is gone.`);
  return order;
}
