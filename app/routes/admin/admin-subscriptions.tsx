import { data, Link } from "react-router";
import { listSubscriptions } from "../../../domain/subscriptions/staff/list-subscriptions.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { SUBSCRIPTION_STATUSES } from "../../../kernel/subscription-terms.ts";
import { ErrorMessage, Field, SearchForm, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { SUBSCRIPTION_STATUS_LABELS, SubscriptionStatusBadge } from "../../components/admin/status-badge.tsx";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { cadenceLabel, subscribedItem } from "../../lib/subscription-words.ts";
import type { Route } from "./+types/admin-subscriptions";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Subscriptions"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams;
  const filters = { query: query.get("query") ?? "", status: query.get("status") ?? "", page: query.get("page") ?? "" };
  // Whether the viewer may see subscriptions at all decides the page's status before the filters do.
  await refusedAsPage(listSubscriptions(operations, {}));
  try {
    const found = await listSubscriptions(operations, filters);
    const rows = found.subscriptions.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      what: subscribedItem(row),
      cadence: cadenceLabel(row.cadenceWeeks),
      status: row.status,
      next: row.status === "cancelled" ? "—" : formatCalendarDate(row.nextRenewalOn),
    }));
    return { filters, page: found.page, rows, hasMore: found.hasMore, error: null };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ filters, page: 1, rows: [], hasMore: false, error: message }, { status });
  }
}

/** The same filters, on another page. */
function listQuery(filters: Record<string, string>, page: number): string {
  const kept = Object.entries(filters).filter(([name, value]) => value && name !== "page");
  return new URLSearchParams([...kept, ["page", String(page)]]).toString();
}

const STATUS_CHOICES = [
  { value: "", label: "Any status" },
  ...SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: SUBSCRIPTION_STATUS_LABELS[status] })),
];

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { filters, page, rows, hasMore, error } = loaderData;
  return (
    <>
      <PageHeading
        title="Subscriptions"
        aside={
          <Link to="/admin/subscriptions/settings" className={LINK}>
            Subscription settings
          </Link>
        }
      />
      <SearchForm className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="sm:col-span-2">
          <Field
            id="subscription-search"
            label="Member's email"
            name="query"
            type="search"
            defaultValue={filters.query}
            maxLength={200}
          />
        </div>
        <SelectField
          id="subscription-status"
          label="Status"
          name="status"
          defaultValue={filters.status}
          options={STATUS_CHOICES}
        />
        <SubmitButton>Search</SubmitButton>
      </SearchForm>
      {error ? (
        <ErrorMessage message={error} />
      ) : (
        <DataTable
          caption="Subscriptions, newest first"
          label="Subscriptions found"
          className="mt-6"
          minWidth="wide"
          rows={rows}
          rowKey={(row) => row.id}
          empty="No subscriptions match."
          columns={[
            {
              heading: "Member",
              cell: (row) => (
                <Link to={`/admin/subscriptions/${encodeURIComponent(row.id)}`} className={`${LINK} break-all`}>
                  {row.email}
                </Link>
              ),
            },
            { heading: "Subscribed to", cell: (row) => row.what },
            { heading: "How often", cell: (row) => row.cadence, className: "whitespace-nowrap" },
            { heading: "Next box", cell: (row) => row.next, className: "whitespace-nowrap" },
            { heading: "Status", cell: (row) => <SubscriptionStatusBadge status={row.status} /> },
          ]}
        />
      )}
      <PageLinks
        label="Subscription pages"
        newer={page > 1 ? { to: `?${listQuery(filters, page - 1)}`, label: "Newer subscriptions" } : null}
        older={hasMore ? { to: `?${listQuery(filters, page + 1)}`, label: "Older subscriptions" } : null}
      />
    </>
  );
}
