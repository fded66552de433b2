import { data, Form, Link } from "react-router";
import { AUDIT_ACTIONS } from "../../../domain/audit/audit-actions.ts";
import { listAuditLog } from "../../../domain/audit/list-audit-log.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
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

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Audit log</h1>
        <a
          href={`/admin/audit.csv?${new URLSearchParams(Object.entries(filters).filter(([, value]) => value))}`}
          className="font-semibold text-brand-700 underline"
        >
          Export CSV
        </a>
      </div>
      <Form method="get" className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5 sm:items-end">
        <Field label="Who (email)" name="actor" type="email" value={filters.actor} />
        <div>
          <label htmlFor="audit-action" className="block font-semibold">
            Action
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={filters.action}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <Field label="From" name="from" type="date" value={filters.from} />
        <Field label="To" name="to" type="date" value={filters.to} />
        <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
          Filter
        </button>
      </Form>
      {loaderData.error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {loaderData.error}
        </p>
      )}
      {loaderData.entries.length === 0 && !loaderData.error ? (
        <p className="mt-6">No entries match.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it.
        <section aria-label="Audit entries" tabIndex={0} className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
            <caption className="sr-only">Staff actions, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                {["When", "Who", "Action", "Target", "Before", "After"].map((heading) => (
                  <th key={heading} scope="col" className="px-2 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200 align-top">
                  <td className="whitespace-nowrap px-2 py-2">
                    <time dateTime={entry.createdAt}>{entry.when}</time>
                  </td>
                  <td className="px-2 py-2 break-all">{entry.actorEmail}</td>
                  <td className="px-2 py-2">{entry.action}</td>
                  <td className="px-2 py-2 break-all">{entry.target}</td>
                  <td className="px-2 py-2 font-mono text-xs break-all">{entry.before}</td>
                  <td className="px-2 py-2 font-mono text-xs break-all">{entry.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {loaderData.nextQuery && (
        <p className="mt-4">
          <Link to={`?${loaderData.nextQuery}`} className="font-semibold text-brand-700 underline">
            Older entries
          </Link>
        </p>
      )}
    </>
  );
}

function Field({ label, name, type, value }: { label: string; name: string; type: string; value: string }) {
  return (
    <div>
      <label htmlFor={`audit-${name}`} className="block font-semibold">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
      />
    </div>
  );
}
