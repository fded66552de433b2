import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useNavigation } from "react-router";
import { listDeliveryOptions } from "../../../domain/delivery/manage-delivery-options.ts";
import { orderDeliveryText } from "../../../domain/orders/order-delivery.ts";
import { shipOrders } from "../../../domain/shipping/ship-orders.ts";
import { SHIPMENT_CSV_MAX_ROWS, shipmentFileTooLarge } from "../../../domain/shipping/shipment-csv.ts";
import { listShippingQueue } from "../../../domain/shipping/shipping-queue.ts";
import { CARRIER_IDS, CARRIERS } from "../../../kernel/carriers.ts";
import { formatCalendarDate, formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { SERIES, seriesTitle } from "../../../kernel/series.ts";
import {
  ActionMessage,
  AdminForm,
  ErrorMessage,
  Field,
  SearchForm,
  SelectField,
  SubmitButton,
} from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
import { SHIPMENT_RESULTS_HEADING, ShipmentResults } from "../../components/admin/shipment-results.tsx";
import { ShippingQueue, TickAll } from "../../components/admin/shipping-queue.tsx";
import { expectedFailure, failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffPage, requireStaffUpload } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { shipmentRows } from "../../lib/shipment-rows.server.ts";
import { packingSlipsHref, shippingFiltersOf, shippingQuery } from "../../lib/shipping-desk-links.ts";
import type { Route } from "./+types/admin-shipping";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Shipping desk"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const filters = shippingFiltersOf(new URL(args.request.url).searchParams);
  // Whether the viewer may ship at all decides the page's status before the filters do.
  await refusedAsPage(listShippingQueue(operations, { page: 1 }));
  const deliveryChoices = [
    { value: "", label: "Any delivery" },
    ...(await listDeliveryOptions(operations, {})).map((option) => ({ value: option.id, label: option.name })),
  ];
  try {
    const found = await listShippingQueue(operations, filters);
    const orders = found.orders.map((order) => ({
      ...order,
      paidAt: formatTimestamp(order.paidAt),
      deliverBy: formatCalendarDate(order.deliveryEnd),
      delivery: orderDeliveryText(order),
      notes: order.notes.map((note) => ({
        id: note.id,
        body: note.body,
        by: note.authorEmail,
        at: formatTimestamp(note.createdAt),
      })),
    }));
    return {
      filters,
      deliveryChoices,
      page: found.page,
      orders,
      hasMore: found.hasMore,
      cancelling: found.cancelling,
      error: null,
    };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ filters, deliveryChoices, page: 1, orders: [], hasMore: false, cancelling: [], error: message }, { status });
  }
}

export async function action(args: Route.ActionArgs) {
  try {
    // Only the upload form can be over the desk's limit: the ticked rows are a few kilobytes.
    const { operations, form } = await requireStaffUpload(args, shipmentFileTooLarge);
    const { results, shipped } = await shipOrders(operations, { rows: await shipmentRows(form) });
    const failed = results.length - shipped;
    const message =
      failed === 0
        ? `Shipped ${shipped} ${shipped === 1 ? "order" : "orders"}. Each shopper's shipping email is on its way.`
        : `Shipped ${shipped} of ${results.length}; ${failed} could not be shipped, as each row below says.`;
    return { ok: failed === 0, message, results };
  } catch (error) {
    return failureResult(error);
  }
}

const CARRIER_CHOICES = CARRIER_IDS.map((id) => ({ value: id, label: CARRIERS[id].name }));
const SERIES_CHOICES = [
  { value: "", label: "Any series" },
  ...SERIES.map((series) => ({ value: series.code, label: seriesTitle(series) })),
];
const SORT_CHOICES = [
  { value: "", label: "Longest waiting first" },
  { value: "promised", label: "Soonest promised first" },
];
const REWARD_CHOICES = [
  { value: "", label: "With or without" },
  { value: "yes", label: "Carries a reward" },
  { value: "no", label: "No reward" },
];

export default function AdminShipping({ loaderData }: Route.ComponentProps) {
  const { filters, deliveryChoices, page, orders, hasMore, cancelling, error } = loaderData;
  const answer = useActionData<typeof action>();
  const results = answer && "results" in answer ? answer.results : null;
  // A batch's results top the page; once they come, the focus (and so the screen) goes to them from
  // whichever form was sent. A refusal of the whole batch shows in the form that was sent instead.
  const [sent, setSent] = useState<"ship" | "upload" | null>(null);
  const awaited = useRef(false);
  const send = (form: "ship" | "upload") => () => {
    awaited.current = true;
    setSent(form);
  };
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (!idle || !answer || !awaited.current) return;
    awaited.current = false;
    if ("results" in answer) document.getElementById(SHIPMENT_RESULTS_HEADING)?.focus();
  }, [idle, answer]);
  const refusalIn = (form: "ship" | "upload") => (sent === form && !results ? answer : undefined);
  return (
    <>
      <PageHeading title="Shipping desk">Paid orders waiting to ship, the longest waiting first.</PageHeading>
      <SearchForm className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <Field id="ship-from" label="Paid from" name="from" type="date" defaultValue={filters.from} />
        <Field id="ship-to" label="Paid to" name="to" type="date" defaultValue={filters.to} />
        <Field
          id="ship-area"
          label="Postal code starts with"
          name="area"
          inputMode="numeric"
          maxLength={6}
          defaultValue={filters.area}
        />
        <SelectField id="ship-series" label="Series" name="series" defaultValue={filters.series} options={SERIES_CHOICES} />
        <Field id="ship-product" label="Product name contains" name="product" maxLength={100} defaultValue={filters.product} />
        <Field id="ship-tag" label="Tag" name="tag" maxLength={24} defaultValue={filters.tag} />
        <SelectField id="ship-reward" label="Rewards" name="reward" defaultValue={filters.reward} options={REWARD_CHOICES} />
        <SelectField
          id="ship-delivery"
          label="Delivery"
          name="delivery"
          defaultValue={filters.delivery}
          options={deliveryChoices}
        />
        <SelectField id="ship-sort" label="Order by" name="sort" defaultValue={filters.sort} options={SORT_CHOICES} />
        <SubmitButton>Filter</SubmitButton>
      </SearchForm>
      {cancelling.length > 0 && (
        <div role="note" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold">Being cancelled, do not pack:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4">
            {cancelling.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={LINK}>
                  {order.invoiceId}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {results ? (
        <ShipmentResults results={results}>
          <ActionMessage result={answer} />
        </ShipmentResults>
      ) : (
        sent === null && <ActionMessage result={answer} />
      )}
      {error ? (
        <ErrorMessage message={error} />
      ) : orders.length === 0 ? (
        <p className="mt-6">No paid orders are waiting to ship{Object.values(filters).some(Boolean) ? " among these" : ""}.</p>
      ) : (
        <AdminForm intent="ship" answer={refusalIn("ship")} onSubmit={send("ship")} className="mt-6">
          <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <SelectField
              id="ship-carrier"
              label="Carrier for the ticked orders"
              name="carrier"
              options={CARRIER_CHOICES}
              width=""
            />
            <SubmitButton>Ship ticked orders</SubmitButton>
            <TickAll />
            <a href={packingSlipsHref(orders.map((order) => order.id))} className={`${LINK} py-2`}>
              Packing slips for this page (PDF)
            </a>
          </div>
          <ActionMessage result={refusalIn("ship")} />
          <ShippingQueue orders={orders} />
        </AdminForm>
      )}
      <PageLinks
        label="Queue pages"
        newer={page > 1 ? { to: `?${shippingQuery(filters, page - 1)}`, label: "Earlier orders" } : null}
        older={hasMore ? { to: `?${shippingQuery(filters, page + 1)}`, label: "Later orders" } : null}
      />
      <section aria-labelledby="upload-heading" className="mt-8">
        <h2 id="upload-heading" className="text-xl font-bold text-brand-900">
          Ship from a file
        </h2>
        <AdminForm
          intent="upload"
          encType="multipart/form-data"
          answer={refusalIn("upload")}
          resetAfter={sent === "upload" ? answer : undefined}
          onSubmit={send("upload")}
          className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <p id="upload-hint" className="text-sm text-muted">
            A CSV with the order number, carrier and tracking number on each row (a header row naming them is optional), up to{" "}
            {SHIPMENT_CSV_MAX_ROWS} rows. Carriers: {CARRIER_IDS.map((id) => CARRIERS[id].name).join(", ")}.
          </p>
          <Field
            id="ship-file"
            label="Shipment CSV"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="upload-hint"
          />
          <ActionMessage result={refusalIn("upload")} />
          <SubmitButton>Ship from file</SubmitButton>
        </AdminForm>
      </section>
    </>
  );
}
