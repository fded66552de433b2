import { data, Link } from "react-router";
import { findMembers } from "../../../domain/loyalty/account/find-members.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { ErrorMessage, Field, SearchForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { CsvLink, LINK, PageHeading, PageLinks } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
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
      <PageHeading
        title="Members"
        aside={<CsvLink href={`/admin/members.csv${query ? `?${new URLSearchParams({ q: query })}` : ""}`} />}
      />
      <SearchForm className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <Field id="member-search" label="Email, name or mobile" name="q" type="search" defaultValue={query} maxLength={200} />
        </div>
        <SubmitButton>Search</SubmitButton>
      </SearchForm>
      {error ? (
        <ErrorMessage message={error} />
      ) : (
        <DataTable
          caption="Members, newest first"
          label="Members found"
          className="mt-6"
          rows={members}
          rowKey={(member) => member.id}
          empty="No members match."
          columns={[
            {
              heading: "Member",
              cell: (member) => (
                <>
                  <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className={`${LINK} break-all`}>
                    {member.email}
                  </Link>
                  {member.name && <span className="block text-muted">{member.name}</span>}
                </>
              ),
            },
            { heading: "Tier", cell: (member) => member.membershipStatus, className: "capitalize" },
            { heading: "Points", cell: (member) => formatNumber(member.points), numeric: true },
            { heading: "Spent", cell: (member) => member.totalSpent, numeric: true },
            { heading: "Joined", cell: (member) => member.joined, className: "whitespace-nowrap" },
          ]}
        />
      )}
      <PageLinks
        label="Member pages"
        newer={page > 1 ? { to: pageLink(query, page - 1), label: "Newer members" } : null}
        older={hasMore ? { to: pageLink(query, page + 1), label: "Older members" } : null}
      />
    </>
  );
}
