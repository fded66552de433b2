import { Download } from "lucide-react";
import { Link } from "react-router";
import { orderMoney } from "../../../domain/orders/order-money.ts";
import { shipmentOf } from "../../../kernel/carriers.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { orderPaymentLabel } from "../../../kernel/payment-methods.ts";
import { EstimatedDelivery } from "../../components/estimated-delivery.tsx";
import { OrderRefunded } from "../../components/order-refunded.tsx";
import { OrderMoneySummary } from "../../components/order-totals.tsx";
import { When } from "../../components/when.tsx";
import { requestContext } from "../../context.ts";
import { loadVisibleOrder } from "../../lib/order-loader.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/order-invoice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Invoice ${args.loaderData.order.invoiceId}` : undefined);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await loadVisibleOrder(request, context.get(requestContext), params.invoiceId);
  return { order, money: orderMoney(order), shipment: shipmentOf(order), paidBy: orderPaymentLabel(order) };
}

export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  const { order, money, shipment, paidBy } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Your order</p>
      <h1 className="text-3xl font-extrabold text-brand-900">Invoice {order.invoiceId}</h1>
      <p className="mt-1 text-muted">
        Paid <When>{formatDate(new Date(order.paidAt))}</When> by {paidBy} · {order.customer.name}, {order.customer.address},
        Singapore {order.customer.postalCode}
      </p>
      <OrderRefunded order={order} />
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
        <OrderMoneySummary money={money} />
      </div>
      {shipment && (
        <p className="mt-4">
          Shipped with {shipment.carrierName}, tracking number <strong>{shipment.trackingNumber}</strong>.
        </p>
      )}
      <p className="mt-4">
        <EstimatedDelivery order={order} />
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={`/order/${order.invoiceId}/invoice.pdf`}
          download={`invoice-${order.invoiceId}.pdf`}
          className="flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white"
        >
          <Download aria-hidden="true" className="size-4" /> Download PDF
        </a>
        <Link
          to={`/order-details/${order.invoiceId}`}
          className="rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700"
        >
          Order details and status
        </Link>
      </div>
    </article>
  );
}
