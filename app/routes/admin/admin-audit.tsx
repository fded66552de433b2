import { data, Link } from "react-router";
import { AUDIT_ACTIONS } from "../../../domain/audit/audit-actions.ts";
import { AUDIT_ACTION_WORDS } from "../../../domain/audit-log/audit-words.ts";
import { type DescribedEntry, describeAuditEntry } from "../../../domain/audit-log/describe-audit-entry.ts";
import { listAuditLog } from "../../../domain/audit-log/list-audit-log.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ErrorMessage, Field, SearchForm, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { CsvLink, LINK, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
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
      id: entry.id,
      actorEmail: entry.actorEmail,
      createdAt: entry.createdAt.toISOString(),
      when: formatTimestamp(entry.createdAt),
      ...describeAuditEntry(entry),
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
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_WORDS[action].label })),
];

/** What an entry tells (a refund's items, its credit note), then what it changed, field by field. */
function Details({ facts, changes }: Pick<DescribedEntry, "facts" | "changes">) {
  if (facts.length === 0 && changes.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1">
      {facts.map((fact) => (
        <li key={fact.label}>
          <span className="font-semibold">{fact.label}</span>:{" "}
          {fact.href ? (
            <a href={fact.href} className={`${LINK} break-words`}>
              {fact.value}
            </a>
          ) : (
            <span className="break-words">{fact.value}</span>
          )}
        </li>
      ))}
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-semibold">{change.field}</span>: <span className="break-all">{change.before}</span> →{" "}
          <span className="break-all">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

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
            { heading: "Who", cell: (entry) => entry.actorEmail, className: "break-words" },
            { heading: "What", cell: (entry) => entry.summary },
            {
              heading: "Target",
              cell: (entry) =>
                entry.link ? (
                  <Link to={entry.link.to} className={`${LINK} break-words`}>
                    {entry.link.label}
                  </Link>
                ) : (
                  "—"
                ),
            },
            {
              heading: "Details (changes: before → after)",
              cell: (entry) => <Details facts={entry.facts} changes={entry.changes} />,
            },
          ]}
        />
      )}
      <PageLinks label="Audit pages" newer={null} older={nextQuery ? { to: `?${nextQuery}`, label: "Older entries" } : null} />
    </>
  );
}
