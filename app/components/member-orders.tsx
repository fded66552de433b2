import { Link } from "react-router";
import { formatMoney } from "../../kernel/money.ts";
import { When } from "./when.tsx";

/** `status` in words, with any money given back ("Paid, refunded S$39.00 of S$90.90"). */
export type MemberOrderRow = { invoiceId: string; paidOn: string; priceCents: number; status: string };

export function MemberOrders({ orders }: { orders: MemberOrderRow[] }) {
  return (
    <section aria-labelledby="member-orders-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="member-orders-heading" className="text-lg font-bold text-brand-900">
        Your orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-muted">
          No orders yet.{" "}
          <Link to="/shop" className="font-semibold text-brand-700 underline">
            Browse the shop
          </Link>{" "}
          to earn points on your first order.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="member-orders">
          {orders.map((order) => (
            <li key={order.invoiceId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              <div>
                <Link to={`/order/${order.invoiceId}`} className="font-semibold text-brand-700 underline">
                  Order {order.invoiceId}
                </Link>
                <p className="text-sm text-muted">
                  <When>{order.paidOn}</When> · {order.status}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{formatMoney(order.priceCents)}</p>
            </li>
          ))}
        </ul>
      )}
      {orders.length > 0 && (
        <p className="mt-3 text-sm">
          <Link to="/member/reviews" className="font-semibold text-brand-700 underline">
            Review what you bought
          </Link>{" "}
          and earn points when your first review is published.
        </p>
      )}
    </section>
  );
}
