import { data, Link } from "react-router";
import { listOrders } from "../../../domain/orders/staff/list-orders.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../kernel/order-statuses.ts";
import { ErrorMessage, Field, SearchForm, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { CsvLink, LINK, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { OrderStatusBadge } from "../../components/admin/status-badge.tsx";
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

const STATUS_CHOICES = [
  { value: "", label: "Any status" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, page, orders, hasMore, error } = loaderData;
  return (
    <>
      <PageHeading title="Orders" aside={<CsvLink href={`/admin/orders.csv?${listQuery(filters)}`} />} />
      <SearchForm className="grid gap-3 sm:grid-cols-5 sm:items-end">
        <div className="sm:col-span-2">
          <Field
            id="order-search"
            label="Invoice, email, mobile or name"
            name="query"
            type="search"
            defaultValue={filters.query}
            maxLength={200}
          />
        </div>
        <SelectField id="order-status" label="Status" name="status" defaultValue={filters.status} options={STATUS_CHOICES} />
        <Field id="order-from" label="Paid from" name="from" type="date" defaultValue={filters.from} />
        <Field id="order-to" label="Paid to" name="to" type="date" defaultValue={filters.to} />
        <SubmitButton className="sm:col-start-5">Search</SubmitButton>
      </SearchForm>
      {error ? (
        <ErrorMessage message={error} />
      ) : (
        <DataTable
          caption="Orders, newest first"
          label="Orders found"
          className="mt-6"
          minWidth="wide"
          rows={orders}
          rowKey={(order) => order.id}
          empty="No orders match."
          columns={[
            {
              heading: "Invoice",
              cell: (order) => (
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={LINK}>
                  {order.invoiceId}
                </Link>
              ),
            },
            {
              heading: "Paid",
              cell: (order) => (
                <>
                  {order.paidAt}
                  <span className="block text-muted">{order.paidBy}</span>
                </>
              ),
              className: "whitespace-nowrap",
            },
            {
              heading: "Customer",
              cell: (order) => (
                <>
                  {order.name}
                  <span className="block break-all text-muted">{order.email}</span>
                  <span className="block text-muted">{order.mobile}</span>
                </>
              ),
            },
            {
              heading: "Total",
              numeric: true,
              className: "whitespace-nowrap",
              cell: (order) => (
                <>
                  {order.total}
                  {order.refunded && <span className="block text-muted">{order.refunded} refunded</span>}
                </>
              ),
            },
            { heading: "Status", cell: (order) => <OrderStatusBadge status={order.status} /> },
            { heading: "Member", cell: (order) => (order.memberId ? "Member" : "Guest") },
          ]}
        />
      )}
      <PageLinks
        label="Order pages"
        newer={page > 1 ? { to: `?${listQuery(filters, page - 1)}`, label: "Newer orders" } : null}
        older={hasMore ? { to: `?${listQuery(filters, page + 1)}`, label: "Older orders" } : null}
      />
    </>
  );
}
