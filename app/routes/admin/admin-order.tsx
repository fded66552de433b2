import { Form, Link, useActionData } from "react-router";
import { REFUNDABLE } from "../../../domain/loyalty/refund-order.ts";
import { formatCalendarDate, formatTimestamp } from "../../../domain/members/format-timestamp.ts";
import { CARRIER_IDS, CARRIERS } from "../../../domain/orders/carriers.ts";
import { lineDescription } from "../../../domain/orders/line-description.ts";
import { orderMoney } from "../../../domain/orders/order-money.ts";
import { type RefundOrderPaymentRequest, refundOrderPayment } from "../../../domain/orders/refunds/refund-order-payment.ts";
import { orderForStaff } from "../../../domain/orders/staff/order-for-staff.ts";
import { markOrderDelivered, shipOrder } from "../../../domain/orders/staff/ship-order.ts";
import { formatMoney } from "../../../domain/shared/money.ts";
import { formatNumber } from "../../../domain/shared/number-format.ts";
import { ActionMessage, PRIMARY_BUTTON, Section, Stat, Table } from "../../components/admin/admin-parts.tsx";
import { CancelForm, RefundForm } from "../../components/admin/refund-forms.tsx";
import { OrderMoneySummary } from "../../components/order-totals.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { centsFromDollars } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
import type { Route } from "./+types/admin-order";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData ? `Order ${args.loaderData.order.invoiceId}` : "Order"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const found = await refusedAsPage(orderForStaff(operations, { orderId: args.params.orderId }));
  const { order } = found;
  const refundable = REFUNDABLE.includes(order.status) && order.refundedCents < order.priceCents;
  return {
    csrfToken: staff.session.csrfToken,
    mayRefund: refundable && staff.permissions.has("refunds"),
    left: formatMoney(order.priceCents - order.refundedCents),
    lines: order.lines.map((line) => ({
      position: line.position,
      description: lineDescription(line),
      quantity: line.quantity,
      lineTotal: formatMoney(line.lineTotalCents),
    })),
    refunds: found.refunds.map((refund) => ({
      id: refund.id,
      at: formatTimestamp(refund.createdAt),
      amount: formatMoney(refund.amountCents),
      reason: refund.reason,
      by: refund.staffEmail ?? "Payment provider's dashboard",
      status: refund.status === "succeeded" ? "Refunded" : "Waiting for the payment provider",
    })),
    order: {
      id: order.id,
      invoiceId: order.invoiceId,
      status: order.status,
      paidAt: formatTimestamp(order.paidAt),
      total: formatMoney(order.priceCents),
      refunded: formatMoney(order.refundedCents),
      promotionCode: order.promotionCode,
      email: order.email,
      mobile: order.mobile,
      customer: order.customer,
      delivery: `${formatCalendarDate(order.deliveryStart)} to ${formatCalendarDate(order.deliveryEnd)}`,
    },
    money: orderMoney(order),
    member: found.member,
    shipment: found.shipment,
    points: found.points.map((entry) => ({ ...entry, at: formatTimestamp(entry.at) })),
    emails: found.emails.map((email) => ({
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
  try {
    const intent = formText(form, "intent");
    if (intent === "refund" || intent === "cancel") {
      const refund = await refundOrderPayment(operations, refundInput(form, orderId, intent));
      return {
        ok: true,
        message:
          refund.status === "succeeded"
            ? `${intent === "cancel" ? "Cancelled. " : ""}${formatMoney(refund.amountCents)} refunded; the shopper's email is on its way.`
            : `${formatMoney(refund.amountCents)} is waiting for the payment provider; it will be tried again shortly.`,
      } satisfies ActionResult;
    }
    if (intent === "deliver") {
      await markOrderDelivered(operations, { orderId });
      return { ok: true, message: "Marked delivered." } satisfies ActionResult;
    }
    await shipOrder(operations, {
      orderId,
      carrier: formText(form, "carrier") as (typeof CARRIER_IDS)[number],
      trackingNumber: formText(form, "trackingNumber"),
    });
    return { ok: true, message: "Marked shipped. The shopper's shipping email is on its way." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

/** The refund form's fields as the operation takes them; amounts are typed in dollars. */
function refundInput(form: FormData, orderId: string, intent: "refund" | "cancel"): RefundOrderPaymentRequest {
  const reason = formText(form, "reason");
  if (intent === "cancel") return { orderId, what: { kind: "rest" as const }, reason, cancel: true };
  const kind = formText(form, "kind");
  if (kind === "amount") {
    return { orderId, what: { kind: "amount", amountCents: centsFromDollars(formText(form, "amount")) }, reason };
  }
  if (kind === "lines") {
    const lines = [...form.entries()].flatMap(([name, value]) => {
      const position = /^line-(\d+)$/.exec(name)?.[1];
      const quantity = Number(value);
      return position !== undefined && typeof value === "string" && value.trim() !== "" && quantity !== 0
        ? [{ position: Number(position), quantity }]
        : [];
    });
    return { orderId, what: { kind: "lines", lines }, reason };
  }
  return { orderId, what: { kind: kind as "rest" }, reason };
}

const STATUS_LABELS = {
  pending_payment: "Awaiting payment",
  paid: "Paid, not yet shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
} as const;

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const refundForm = useResetAfterSuccess(result);
  const { order, money, member, shipment, csrfToken } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/orders" className="font-semibold text-brand-700 underline">
          All orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900">Order {order.invoiceId}</h1>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Stat label="Status" value={STATUS_LABELS[order.status]} />
        <Stat label="Paid" value={`${order.total} on ${order.paidAt}`} />
        <Stat label="Refunded" value={order.refunded} />
      </dl>
      <ActionMessage result={result} />
      {order.status === "paid" && (
        <Section id="ship" title="Mark shipped">
          <Form method="post" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <input type="hidden" name="csrf" value={csrfToken} />
            <div>
              <label htmlFor="ship-carrier" className="block font-semibold">
                Carrier
              </label>
              <select id="ship-carrier" name="carrier" required className="mt-1 rounded-lg border border-slate-400 px-3 py-2">
                {CARRIER_IDS.map((id) => (
                  <option key={id} value={id}>
                    {CARRIERS[id].name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ship-tracking" className="block font-semibold">
                Tracking number
              </label>
              <input
                id="ship-tracking"
                name="trackingNumber"
                required
                minLength={4}
                maxLength={40}
                pattern="[A-Za-z0-9\-]{4,40}"
                className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
              />
            </div>
            <button type="submit" className={PRIMARY_BUTTON}>
              Mark shipped
            </button>
          </Form>
        </Section>
      )}
      {order.status === "shipped" && (
        <Section id="deliver" title="Delivery">
          <Form method="post">
            <input type="hidden" name="csrf" value={csrfToken} />
            <input type="hidden" name="intent" value="deliver" />
            <button type="submit" className={PRIMARY_BUTTON}>
              Mark delivered
            </button>
          </Form>
        </Section>
      )}
      {loaderData.mayRefund && order.status === "paid" && (
        <Section id="cancel" title="Cancel order">
          <CancelForm csrfToken={csrfToken} left={loaderData.left} />
        </Section>
      )}
      {loaderData.mayRefund && (
        <Section id="refund" title="Refund">
          <RefundForm csrfToken={csrfToken} left={loaderData.left} lines={loaderData.lines} formRef={refundForm} />
        </Section>
      )}
      {loaderData.refunds.length > 0 && (
        <Section id="refunds" title="Refunds">
          <Table caption="Refunds of this order" headings={["When", "Amount", "Reason", "By", "Status"]}>
            {loaderData.refunds.map((refund) => (
              <tr key={refund.id} className="border-t border-slate-200">
                <td className="p-3 whitespace-nowrap">{refund.at}</td>
                <td className="p-3">{refund.amount}</td>
                <td className="p-3">{refund.reason}</td>
                <td className="p-3 break-all">{refund.by}</td>
                <td className="p-3">{refund.status}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}
      {shipment && (
        <Section id="shipment" title="Shipment">
          <p>
            {shipment.carrierName}, tracking number{" "}
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} className="font-semibold text-brand-700 underline" rel="noreferrer">
                {shipment.trackingNumber}
              </a>
            ) : (
              <strong>{shipment.trackingNumber}</strong>
            )}
          </p>
        </Section>
      )}
      <Section id="items" title="Items, rewards and promotion">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <OrderMoneySummary money={money} />
        </div>
        {order.promotionCode && <p className="mt-2">Promotion code: {order.promotionCode}</p>}
      </Section>
      <Section id="shipping" title="Customer and shipping">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Stat label="Name" value={order.customer.name} />
          <Stat label="Email" value={order.email} />
          <Stat label="Mobile" value={order.mobile} />
          <Stat label="Address" value={`${order.customer.address}, Singapore ${order.customer.postalCode}`} />
          <Stat label="Delivery window" value={order.delivery} />
        </dl>
        <p className="mt-3">
          {member ? (
            <>
              Linked to member{" "}
              <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className="font-semibold text-brand-700 underline">
                {member.name || member.email}
              </Link>{" "}
              ({member.status}).
            </>
          ) : (
            "A guest's order, not linked to a member."
          )}
        </p>
      </Section>
      <Section id="points" title="Points">
        {loaderData.points.length === 0 ? (
          <p>This order moved no points.</p>
        ) : (
          <Table caption="Points this order moved" headings={["When", "Kind", "Points"]}>
            {loaderData.points.map((entry) => (
              <tr key={`${entry.kind}-${entry.at}`} className="border-t border-slate-200">
                <td className="p-3 whitespace-nowrap">{entry.at}</td>
                <td className="p-3">{entry.label}</td>
                <td className="p-3 text-right">{`${entry.transactionType === "credit" ? "+" : "−"}${formatNumber(entry.points)}`}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section id="emails" title="Emails">
        <Table caption="Emails for this order" headings={["Email", "Queued", "Sent"]}>
          {loaderData.emails.map((email) => (
            <tr key={email.label} className="border-t border-slate-200">
              <td className="p-3">{email.label}</td>
              <td className="p-3 whitespace-nowrap">{email.queued}</td>
              <td className="p-3 whitespace-nowrap">{email.sent ?? "Not yet"}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="timeline" title="Timeline">
        <ol className="space-y-2 border-l-2 border-brand-200 pl-4">
          {loaderData.timeline.map((event) => (
            <li key={`${event.iso}-${event.what}`}>
              <time dateTime={event.iso} className="block text-sm text-muted">
                {event.at}
              </time>
              {event.what}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
