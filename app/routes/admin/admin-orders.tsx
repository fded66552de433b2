import { data, Form, Link } from "react-router";
import { listOrders } from "../../../domain/orders/staff/list-orders.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { ORDER_STATUSES } from "../../../kernel/order-statuses.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { orderFiltersOf } from "../../lib/order-filters.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Orders"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const filters = orderFiltersOf(new URL(args.request.url).searchParams);
  // Whether the viewer may see orders at all decides the page's status before the filters do.
  await refusedAsPage(listOrders(operations, {}));
  try {
    const found = await listOrders(operations, filters);
    const orders = found.orders.map((order) => ({
      ...order,
      paidAt: formatTimestamp(order.paidAt),
      total: formatMoney(order.priceCents),
      refunded: order.refundedCents > 0 ? formatMoney(order.refundedCents) : null,
    }));
    return { filters, page: found.page, orders, hasMore: found.hasMore, error: null };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ filters, page: 1, orders: [], hasMore: false, error: message }, { status });
  }
}

/** The same filters, on another page (or none, for the CSV). */
function listQuery(filters: Record<string, string>, page?: number): string {
  const kept = Object.entries(filters).filter(([name, value]) => value && name !== "page");
  return new URLSearchParams(page ? [...kept, ["page", String(page)]] : kept).toString();
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, page, orders, hasMore, error } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Orders</h1>
        <a href={`/admin/orders.csv?${listQuery(filters)}`} className="font-semibold text-brand-700 underline">
          Export CSV
        </a>
      </div>
      <Form
        method="get"
        role="search"
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5 sm:items-end"
      >
        <div className="sm:col-span-2">
          <label htmlFor="order-search" className="block font-semibold">
            Invoice, email, mobile or name
          </label>
          <input
            id="order-search"
            name="query"
            type="search"
            defaultValue={filters.query}
            maxLength={200}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="order-status" className="block font-semibold">
            Status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={filters.status}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 capitalize"
          >
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <DateField label="Paid from" name="from" value={filters.from} />
        <DateField label="Paid to" name="to" value={filters.to} />
        <button
          type="submit"
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 sm:col-start-5"
        >
          Search
        </button>
      </Form>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {error}
        </p>
      )}
      {!error && orders.length === 0 && <p className="mt-6">No orders match.</p>}
      {orders.length > 0 && (
        <section
          aria-label="Orders found"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it.
          tabIndex={0}
          className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white"
        >
          <table className="w-full min-w-[44rem] text-left">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="bg-slate-50">
              <tr>
                {["Invoice", "Paid", "Customer", "Total", "Status", "Member"].map((heading) => (
                  <th key={heading} scope="col" className={`p-3 ${heading === "Total" ? "text-right" : ""}`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-slate-200 align-top">
                  <td className="p-3">
                    <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className="font-semibold text-brand-700 underline">
                      {order.invoiceId}
                    </Link>
                  </td>
                  <td className="p-3 whitespace-nowrap">{order.paidAt}</td>
                  <td className="p-3">
                    {order.name}
                    <span className="block break-all text-muted">{order.email}</span>
                    <span className="block text-muted">{order.mobile}</span>
                  </td>
                  <td className="p-3 text-right whitespace-nowrap">
                    {order.total}
                    {order.refunded && <span className="block text-muted">{order.refunded} refunded</span>}
                  </td>
                  <td className="p-3 capitalize">{order.status}</td>
                  <td className="p-3">{order.memberId ? "Member" : "Guest"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <nav aria-label="Order pages" className="mt-4 flex gap-4">
        {page > 1 && (
          <Link to={`?${listQuery(filters, page - 1)}`} className="font-semibold text-brand-700 underline">
            Newer orders
          </Link>
        )}
        {hasMore && (
          <Link to={`?${listQuery(filters, page + 1)}`} className="font-semibold text-brand-700 underline">
            Older orders
          </Link>
        )}
      </nav>
    </>
  );
}

function DateField({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <div>
      <label htmlFor={`order-${name}`} className="block font-semibold">
        {label}
      </label>
      <input
        id={`order-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
      />
    </div>
  );
}
