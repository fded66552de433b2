import { useActionData } from "react-router";
import { invoiceTitle } from "../../../domain/orders/invoice-pdf.ts";
import { orderDeliveryText } from "../../../domain/orders/order-delivery.ts";
import { orderMoney } from "../../../domain/orders/order-money.ts";
import { promotionCodeOf } from "../../../domain/orders/price-adjustment.ts";
import { orderForStaff } from "../../../domain/orders/staff/order-for-staff.ts";
import { markOrderDelivered, ShipOrderInput, shipOrder } from "../../../domain/orders/staff/ship-order.ts";
import { addOrderNote, orderNotesAndTags, tagOrder, untagOrder } from "../../../domain/shipping/order-notes.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { isKeptOrderStatus } from "../../../kernel/order-statuses.ts";
import { orderPaymentLabel, refundCaveat } from "../../../kernel/payment-methods.ts";
import { ActionMessage } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section, Stat } from "../../components/admin/admin-parts.tsx";
import { OrderCustomer, OrderHistory, OrderItems, OrderPayment } from "../../components/admin/order-facts.tsx";
import { OrderNotes } from "../../components/admin/order-notes.tsx";
import { OrderShipping } from "../../components/admin/order-shipping.tsx";
import { CancelForm, ConfirmRefund, RefundForm } from "../../components/admin/refund-forms.tsx";
import { OrderStatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { refundFormValues, refundOrCancel } from "../../lib/refund-form.server.ts";
import { packingSlipsHref } from "../../lib/shipping-desk-links.ts";
import type { Route } from "./+types/admin-order";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData ? `Order ${args.loaderData.order.invoiceId}` : "Order"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const found = await refusedAsPage(orderForStaff(operations, { orderId: args.params.orderId }));
  const { order } = found;
  const staffNotes = await orderNotesAndTags(operations, { orderId: order.id });
  // A cancelling order's refund of all that was left is already on its way.
  const refundable = isKeptOrderStatus(order.status) && order.status !== "cancelling" && order.refundedCents < order.priceCents;
  return {
    mayRefund: refundable && staff.permissions.has("refunds"),
    refundCaveat: refundCaveat(order.paymentMethod, order.paidAt, operations.now()),
    invoiceTitle: invoiceTitle(operations.settings.supplier),
    left: formatMoney(order.priceCents - order.refundedCents),
    lines: found.lines.map((line) => ({
      position: line.position,
      description: lineDescription(line),
      quantity: line.quantity,
      refunded: line.refundedQuantity,
      lineTotal: formatMoney(line.lineTotalCents),
    })),
    refunds: found.refunds.map((refund) => ({
      id: refund.id,
      at: formatTimestamp(refund.createdAt),
      amount: formatMoney(refund.amountCents),
      lines: refund.lines.map((credited) => {
        const line = found.lines.find((candidate) => candidate.position === credited.position);
        return `${credited.quantity} × ${line ? lineDescription(line) : `line ${credited.position + 1}`}`;
      }),
      reason: refund.reason,
      by: refund.staffEmail ?? "Payment provider's dashboard",
      status: refund.status,
      creditNote: refund.creditNoteId
        ? { id: refund.creditNoteId, href: `/admin/orders/${encodeURIComponent(order.id)}/credit-note/${refund.id}` }
        : null,
    })),
    order: {
      id: order.id,
      invoiceId: order.invoiceId,
      status: order.status,
      paidAt: formatTimestamp(order.paidAt),
      paidBy: orderPaymentLabel(order),
      total: formatMoney(order.priceCents),
      refunded: formatMoney(order.refundedCents),
      promotionCode: promotionCodeOf(order.adjustments),
      email: order.email,
      mobile: order.mobile,
      customer: order.customer,
      delivery: orderDeliveryText(order),
    },
    money: orderMoney(order),
    tags: staffNotes.tags,
    notes: staffNotes.notes.map((note) => ({
      id: note.id,
      body: note.body,
      by: note.authorEmail,
      at: formatTimestamp(note.createdAt),
    })),
    member: found.member,
    shipment: found.shipment,
    points: found.points.map((entry) => ({ ...entry, at: formatTimestamp(entry.at) })),
    emails: found.emails.map((email) => ({
      id: email.id,
      label: email.label,
      queued: formatTimestamp(email.createdAt),
      sent: email.sentAt ? formatTimestamp(email.sentAt) : null,
    })),
    timeline: found.timeline.map((event) => ({ what: event.what, at: formatTimestamp(event.at), iso: event.at.toISOString() })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const orderId = args.params.orderId;
  const intent = formText(form, "intent");
  try {
    if (intent === "refund" || intent === "cancel") return await refundOrCancel(operations, form, orderId, intent);
    if (intent === "deliver") {
      await markOrderDelivered(operations, { orderId });
      return { ok: true, message: "Marked delivered." } satisfies ActionResult;
    }
    if (intent === "note") {
      await addOrderNote(operations, { orderId, note: formText(form, "note") });
      return { ok: true, message: "Note added." } satisfies ActionResult;
    }
    if (intent === "tag" || intent === "untag") {
      const change = intent === "tag" ? tagOrder : untagOrder;
      await change(operations, { orderId, tag: formText(form, "tag") });
      return { ok: true, message: intent === "tag" ? "Tag added." : "Tag removed." } satisfies ActionResult;
    }
    await shipOrder(operations, formInput(ShipOrderInput, form, { orderId }));
    return { ok: true, message: "Marked shipped. The shopper's shipping email is on its way." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error, {
      labels: { reason: "Reason", "what.amountCents": "The amount", note: "The note", tag: "The tag" },
      ...(intent === "refund" ? { values: refundFormValues(form) } : {}),
    });
  }
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const confirmation = result && "confirm" in result ? result.confirm : null;
  const answer = result && !("confirm" in result) ? result : undefined;
  const { order } = loaderData;
  const orderPath = `/admin/orders/${encodeURIComponent(order.id)}`;
  return (
    <>
      <PageHeading
        title={`Order ${order.invoiceId}`}
        back={{ to: "/admin/orders", label: "All orders" }}
        aside={
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <a href={`${orderPath}/invoice.pdf`} className={LINK}>
              {loaderData.invoiceTitle} (PDF)
            </a>
            <a href={packingSlipsHref([order.id])} className={LINK}>
              Packing slip (PDF)
            </a>
          </span>
        }
      />
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Stat label="Status" value={<OrderStatusBadge status={order.status} />} />
        <Stat label="Paid" value={`${order.total} on ${order.paidAt}`} />
        <Stat label="Paid by" value={order.paidBy} />
        <Stat label="Refunded" value={order.refunded} />
      </dl>
      {confirmation ? <ConfirmRefund confirmation={confirmation} orderPath={orderPath} /> : <ActionMessage result={answer} />}
      <OrderItems money={loaderData.money} promotionCode={order.promotionCode} />
      <OrderCustomer
        customer={order.customer}
        email={order.email}
        mobile={order.mobile}
        delivery={order.delivery}
        member={loaderData.member}
      />
      <OrderPayment paid={order.total} refunded={order.refunded} left={loaderData.left} refunds={loaderData.refunds} />
      <OrderShipping status={order.status} shipment={loaderData.shipment} answer={answer} />
      {loaderData.mayRefund && order.status === "paid" && (
        <Section id="cancel" title="Cancel order">
          <CancelForm left={loaderData.left} />
        </Section>
      )}
      {loaderData.mayRefund && (
        <Section id="refund" title="Refund">
          {loaderData.refundCaveat && (
            <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium">
              {loaderData.refundCaveat}
            </p>
          )}
          <RefundForm
            // A new form once a refund is made: emptied, so a second click cannot send it again.
            key={loaderData.refunds.length}
            left={loaderData.left}
            lines={loaderData.lines}
            values={answer && !answer.ok ? answer.values : undefined}
          />
        </Section>
      )}
      <OrderNotes notes={loaderData.notes} tags={loaderData.tags} answer={answer} />
      <OrderHistory points={loaderData.points} emails={loaderData.emails} timeline={loaderData.timeline} />
    </>
  );
}
