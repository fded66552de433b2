import { Form, Link, useActionData } from "react-router";
import { CARRIER_IDS, CARRIERS } from "../../../domain/orders/carriers.ts";
import { lineDescription } from "../../../domain/orders/line-description.ts";
import { orderMoney } from "../../../domain/orders/order-money.ts";
import { previewRefund } from "../../../domain/orders/refunds/preview-refund.ts";
import { refundOrderPayment } from "../../../domain/orders/refunds/refund-order-payment.ts";
import { orderForStaff } from "../../../domain/orders/staff/order-for-staff.ts";
import { markOrderDelivered, shipOrder } from "../../../domain/orders/staff/ship-order.ts";
import type { OperationContext } from "../../../domain/shared/context.ts";
import { formatCalendarDate, formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { isKeptOrderStatus } from "../../../kernel/order-statuses.ts";
import { ActionMessage, PRIMARY_BUTTON, Section, Stat } from "../../components/admin/admin-parts.tsx";
import { OrderCustomer, OrderHistory, OrderItems, OrderPayment } from "../../components/admin/order-facts.tsx";
import { CancelForm, ConfirmRefund, type RefundConfirmation, RefundForm } from "../../components/admin/refund-forms.tsx";
import { TrackingNumber } from "../../components/tracking-number.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { refundFields, refundFormValues, refundRequestOf } from "../../lib/refund-form.server.ts";
import type { Route } from "./+types/admin-order";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData ? `Order ${args.loaderData.order.invoiceId}` : "Order"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  const found = await refusedAsPage(orderForStaff(operations, { orderId: args.params.orderId }));
  const { order } = found;
  const refundable = isKeptOrderStatus(order.status) && order.refundedCents < order.priceCents;
  return {
    csrfToken: staff.session.csrfToken,
    mayRefund: refundable && staff.permissions.has("refunds"),
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
      status: refund.status === "succeeded" ? "Refunded" : "Waiting for the payment provider",
      creditNote: refund.creditNoteId
        ? { id: refund.creditNoteId, href: `/admin/orders/${encodeURIComponent(order.id)}/credit-note/${refund.id}` }
        : null,
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
    await shipOrder(operations, {
      orderId,
      carrier: formText(form, "carrier") as (typeof CARRIER_IDS)[number],
      trackingNumber: formText(form, "trackingNumber"),
    });
    return { ok: true, message: "Marked shipped. The shopper's shipping email is on its way." } satisfies ActionResult;
  } catch (error) {
    return failureResult(error, {
      labels: { reason: "Reason", "what.amountCents": "The amount" },
      ...(intent === "refund" ? { values: refundFormValues(form) } : {}),
    });
  }
}

/**
 * A refund or cancellation takes two posts: the form's, answered with what it would give back for
 * the staff member to confirm (nothing changes), then the confirmation's, which names the amount
 * confirmed and the refund's id.
 */
async function refundOrCancel(
  operations: OperationContext,
  form: FormData,
  orderId: string,
  intent: "refund" | "cancel",
): Promise<ActionResult | { confirm: RefundConfirmation }> {
  const request = refundRequestOf(form, orderId, intent);
  const confirmedCents = formText(form, "confirmedCents");
  if (confirmedCents === "") {
    const plan = await previewRefund(operations, request);
    const confirm: RefundConfirmation = {
      intent,
      amountCents: plan.amountCents,
      refundId: plan.refundId,
      lines: plan.lines.map((line) => `${line.quantity} × ${line.description}`),
      reason: request.reason,
      fields: refundFields(form, request),
    };
    return { confirm };
  }
  const refund = await refundOrderPayment(operations, { ...request, confirmedCents, refundId: formText(form, "refundId") });
  const amount = formatMoney(refund.amountCents);
  return {
    ok: true,
    message:
      refund.status === "succeeded"
        ? `${intent === "cancel" ? "Cancelled. " : ""}${amount} refunded; the shopper's email is on its way.`
        : `${amount} is waiting for the payment provider; it will be tried again shortly.`,
  } satisfies ActionResult;
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
  const confirmation = result && "confirm" in result ? result.confirm : null;
  const answer = result && !("confirm" in result) ? result : undefined;
  const { order, csrfToken } = loaderData;
  const orderPath = `/admin/orders/${encodeURIComponent(order.id)}`;
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
      {confirmation ? (
        <ConfirmRefund csrfToken={csrfToken} confirmation={confirmation} orderPath={orderPath} />
      ) : (
        <ActionMessage result={answer} />
      )}
      <OrderItems money={loaderData.money} promotionCode={order.promotionCode} />
      <OrderCustomer
        customer={order.customer}
        email={order.email}
        mobile={order.mobile}
        delivery={order.delivery}
        member={loaderData.member}
      />
      <OrderPayment paid={order.total} refunded={order.refunded} left={loaderData.left} refunds={loaderData.refunds} />
      {loaderData.shipment && <Shipment shipment={loaderData.shipment} />}
      {order.status === "paid" && <ShipForm csrfToken={csrfToken} />}
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
          <RefundForm
            // A new form once a refund is made: emptied, so a second click cannot send it again.
            key={loaderData.refunds.length}
            csrfToken={csrfToken}
            left={loaderData.left}
            lines={loaderData.lines}
            values={answer && !answer.ok ? answer.values : undefined}
          />
        </Section>
      )}
      <OrderHistory points={loaderData.points} emails={loaderData.emails} timeline={loaderData.timeline} />
    </>
  );
}

function Shipment({ shipment }: { shipment: NonNullable<Route.ComponentProps["loaderData"]["shipment"]> }) {
  return (
    <Section id="shipment" title="Shipment">
      <p>
        {shipment.carrierName}, tracking number <TrackingNumber shipment={shipment} />
      </p>
    </Section>
  );
}

function ShipForm({ csrfToken }: { csrfToken: string }) {
  return (
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
  );
}
