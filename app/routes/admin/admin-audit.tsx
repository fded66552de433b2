import { data } from "react-router";
import { AUDIT_ACTIONS } from "../../../domain/audit/audit-actions.ts";
import { listAuditLog } from "../../../domain/audit/list-audit-log.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ErrorMessage, Field, SearchForm, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { CsvLink, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Audit log"), { name: "robots", content: "noindex" }];

const FILTERS = ["actor", "action", "from", "to"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ""])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  try {
    const page = await listAuditLog(operations, { ...filters, after: query.get("after") ?? "" });
    const entries = page.entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      when: formatTimestamp(entry.createdAt),
      before: entry.before === null ? "" : JSON.stringify(entry.before),
      after: entry.after === null ? "" : JSON.stringify(entry.after),
    }));
    const nextQuery = page.next ? new URLSearchParams({ ...filters, after: page.next }).toString() : null;
    return { filters, entries, nextQuery, error: null };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ filters, entries: [], nextQuery: null, error: message }, { status });
  }
}

const ACTION_CHOICES = [
  { value: "", label: "All actions" },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, entries, nextQuery, error } = loaderData;
  return (
    <>
      <PageHeading
        title="Audit log"
        aside={<CsvLink href={`/admin/audit.csv?${new URLSearchParams(Object.entries(filters).filter(([, value]) => value))}`} />}
      />
      <SearchForm className="grid gap-3 sm:grid-cols-5 sm:items-end">
        <Field id="audit-actor" label="Who (email)" name="actor" type="email" defaultValue={filters.actor} />
        <SelectField id="audit-action" label="Action" name="action" defaultValue={filters.action} options={ACTION_CHOICES} />
        <Field id="audit-from" label="From" name="from" type="date" defaultValue={filters.from} />
        <Field id="audit-to" label="To" name="to" type="date" defaultValue={filters.to} />
        <SubmitButton>Filter</SubmitButton>
      </SearchForm>
      {error ? (
        <ErrorMessage message={error} />
      ) : (
        <DataTable
          caption="Staff actions, newest first"
          label="Audit entries"
          className="mt-6"
          minWidth="widest"
          dense
          rows={entries}
          rowKey={(entry) => entry.id}
          empty="No entries match."
          columns={[
            {
              heading: "When",
              cell: (entry) => <time dateTime={entry.createdAt}>{entry.when}</time>,
              className: "whitespace-nowrap",
            },
            { heading: "Who", cell: (entry) => entry.actorEmail, className: "break-all" },
            { heading: "Action", cell: (entry) => entry.action },
            { heading: "Target", cell: (entry) => entry.target, className: "break-all" },
            { heading: "Before", cell: (entry) => entry.before, className: "font-mono text-xs break-all" },
            { heading: "After", cell: (entry) => entry.after, className: "font-mono text-xs break-all" },
          ]}
        />
      )}
      <PageLinks label="Audit pages" newer={null} older={nextQuery ? { to: `?${nextQuery}`, label: "Older entries" } : null} />
    </>
  );
}
