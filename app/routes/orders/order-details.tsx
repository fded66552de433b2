import { orderMoney } from "../../../domain/orders/order-money.ts";
import { listOrderRefunds } from "../../../domain/orders/refunds/order-refunds.ts";
import { shipmentOf } from "../../../kernel/carriers.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { EstimatedDelivery } from "../../components/estimated-delivery.tsx";
import { OrderRefunded } from "../../components/order-refunded.tsx";
import { OrderMoneySummary } from "../../components/order-totals.tsx";
import { TrackingNumber } from "../../components/tracking-number.tsx";
import { requestContext } from "../../context.ts";
import { loadVisibleOrder } from "../../lib/order-loader.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/order-details";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Order ${args.loaderData.order.invoiceId}` : undefined);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await loadVisibleOrder(request, context.get(requestContext), params.invoiceId);
  const refunds = await listOrderRefunds(context.get(requestContext).operations, { invoiceId: order.invoiceId });
  return { order, money: orderMoney(order), shipment: shipmentOf(order), refunds };
}

const TIMELINE = [
  { status: "paid", label: "Paid" },
  { status: "shipped", label: "Shipped" },
  { status: "delivered", label: "Delivered" },
] as const;

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { order, money, shipment } = loaderData;
  const reached = TIMELINE.findIndex((step) => step.status === order.status);
  const closed = order.status === "cancelled" || order.status === "refunded";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-brand-900">Order {order.invoiceId}</h1>
      <section aria-labelledby="status-heading" className="mt-6">
        <h2 id="status-heading" className="text-lg font-semibold">
          Status
        </h2>
        {closed ? (
          <p className="mt-2 font-medium text-sale">This order was {order.status}.</p>
        ) : order.status === "cancelling" ? (
          <p className="mt-2 font-medium text-sale">
            This order is being cancelled and will not ship. Its refund is on its way back to the card you paid with.
          </p>
        ) : (
          <ol className="mt-3 flex gap-2">
            {TIMELINE.map((step, index) => (
              <li
                key={step.status}
                aria-current={index === reached ? "step" : undefined}
                className={`flex-1 rounded-lg border-t-4 p-2 text-sm ${index <= reached ? "border-brand-700 font-semibold" : "border-slate-200 text-muted"}`}
              >
                {step.label}
              </li>
            ))}
          </ol>
        )}
        <OrderRefunded order={order} />
        {loaderData.refunds.length > 0 && (
          <ul className="mt-2 space-y-1">
            {loaderData.refunds.map((refund) => (
              <li key={refund.id}>
                <a
                  href={`/order/${order.invoiceId}/credit-note/${refund.id}`}
                  download={`credit-note-${refund.creditNoteId}.pdf`}
                  className="font-semibold text-brand-700 underline"
                >
                  Credit note {refund.creditNoteId} ({formatMoney(refund.amountCents)}, PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
        {shipment && (
          <p className="mt-3">
            Shipped with {shipment.carrierName}, tracking number <TrackingNumber shipment={shipment} />
          </p>
        )}
        {!closed && order.status !== "cancelling" && (
          <p className="mt-3">
            <EstimatedDelivery order={order} />
          </p>
        )}
      </section>
      <section aria-labelledby="items-heading" className="mt-6">
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <OrderMoneySummary money={money} />
      </section>
    </article>
  );
}
