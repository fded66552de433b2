import { data, Form, Link } from "react-router";
import { findMembers } from "../../../domain/loyalty/find-members.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-members";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Members"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const params = new URL(args.request.url).searchParams;
  const query = params.get("q") ?? "";
  const page = Number(params.get("page") ?? "1");
  // Whether the viewer may see members at all decides the page's status before the search's input does.
  await refusedAsPage(findMembers(operations, { query: "" }));
  try {
    const found = await findMembers(operations, { query, page });
    const members = found.members.map((member) => ({
      ...member,
      totalSpent: formatMoney(member.totalSpentCents),
      joined: formatDate(member.createdAt),
    }));
    return { query, page: found.page, members, hasMore: found.hasMore, error: null };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ query, page: 1, members: [], hasMore: false, error: message }, { status });
  }
}

function pageLink(query: string, page: number): string {
  return `/admin/members?${new URLSearchParams(query ? { q: query, page: String(page) } : { page: String(page) })}`;
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { query, page, members, hasMore, error } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Members</h1>
        <a
          href={`/admin/members.csv${query ? `?${new URLSearchParams({ q: query })}` : ""}`}
          className="font-semibold text-brand-700 underline"
        >
          Export CSV
        </a>
      </div>
      <Form
        method="get"
        role="search"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="min-w-0 grow">
          <label htmlFor="member-search" className="block font-semibold">
            Email, name or mobile
          </label>
          <input
            id="member-search"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={200}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
          Search
        </button>
      </Form>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {error}
        </p>
      )}
      {!error && members.length === 0 && <p className="mt-6">No members match.</p>}
      {members.length > 0 && (
        <section
          aria-label="Members found"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it.
          tabIndex={0}
          className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white"
        >
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">Members, newest first</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-3">
                  Member
                </th>
                <th scope="col" className="p-3">
                  Tier
                </th>
                <th scope="col" className="p-3 text-right">
                  Points
                </th>
                <th scope="col" className="p-3 text-right">
                  Spent
                </th>
                <th scope="col" className="p-3">
                  Joined
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} className="border-t border-slate-200">
                  <td className="p-3">
                    <Link
                      to={`/admin/members/${encodeURIComponent(member.id)}`}
                      className="font-semibold text-brand-700 underline break-all"
                    >
                      {member.email}
                    </Link>
                    {member.name && <span className="block text-muted">{member.name}</span>}
                  </td>
                  <td className="p-3 capitalize">{member.membershipStatus}</td>
                  <td className="p-3 text-right">{formatNumber(member.points)}</td>
                  <td className="p-3 text-right">{member.totalSpent}</td>
                  <td className="p-3 whitespace-nowrap">{member.joined}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <nav aria-label="Member pages" className="mt-4 flex gap-4">
        {page > 1 && (
          <Link to={pageLink(query, page - 1)} className="font-semibold text-brand-700 underline">
            Newer members
          </Link>
        )}
        {hasMore && (
          <Link to={pageLink(query, page + 1)} className="font-semibold text-brand-700 underline">
            Older members
          </Link>
        )}
      </nav>
    </>
  );
}
