import { data, Link } from "react-router";
import { HelpSearchForm } from "../../components/help-search-form.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { requestContentLibrary } from "../../lib/content/content-library.server.ts";
import { checkQuery, type HelpSearchResult, searchHelp } from "../../lib/content/help-search.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/help-search";

type SearchOutcome =
  | { kind: "start" }
  | { kind: "refused"; query: string; message: string }
  | { kind: "results"; query: string; results: HelpSearchResult[] };

/**
 * `/help/search?q=…`: a GET form, so it works without JavaScript. Not kept by the page cache: any
 * query would be a new entry (decision 014). A query that cannot be searched answers 400 with why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q");
  if (query === null) return data<SearchOutcome>({ kind: "start" });
  const checked = checkQuery(query);
  if (!checked.ok) {
    return data<SearchOutcome>({ kind: "refused", query: query.slice(0, 200), message: checked.message }, { status: 400 });
  }
  const library = await requestContentLibrary(context.get(requestContext));
  return data<SearchOutcome>({ kind: "results", query, results: searchHelp(library.searchEntries, checked.terms) });
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "Search help", "Search the help centre."),
  { name: "robots", content: "noindex" },
];

function ResultList({ results }: { results: HelpSearchResult[] }) {
  return (
    <ol className="mt-4 space-y-4">
      {results.map((result) => (
        <li key={result.path} className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="text-sm font-medium text-muted">{result.sectionTitle}</p>
          <h3 className="text-lg font-semibold">
            <Link to={result.path} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {result.title}
            </Link>
          </h3>
          <p className="mt-1 text-muted">
            {result.snippet.map((part, index) =>
              part.match ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never move
                <mark key={index} className="rounded bg-amber-100 px-0.5 text-ink">
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Outcome({ outcome }: { outcome: SearchOutcome }) {
  if (outcome.kind === "start")
    return <p className="mt-6 text-muted">Type a word or two, such as “delivery”, “refund” or “points”.</p>;
  if (outcome.kind === "refused") {
    return (
      <p role="alert" className="mt-6 font-medium text-sale">
        {outcome.message}
      </p>
    );
  }
  const count = outcome.results.length;
  return (
    <section aria-labelledby="results-heading" className="mt-6">
      <h2 id="results-heading" className="text-xl font-bold text-brand-900" aria-live="polite">
        {count === 0
          ? `No results for “${outcome.query}”`
          : `${count} ${count === 1 ? "result" : "results"} for “${outcome.query}”`}
      </h2>
      {count === 0 ? (
        <p className="mt-2 text-muted">
          Try another word, or browse the{" "}
          <Link to="/help" className="font-semibold text-brand-700 underline">
            help topics
          </Link>
          .
        </p>
      ) : (
        <ResultList results={outcome.results} />
      )}
    </section>
  );
}

export default function HelpSearch({ loaderData }: Route.ComponentProps) {
  const query = loaderData.kind === "start" ? "" : loaderData.query;
  return (
    <>
      <PageHeading title="Search help" />
      <div className="mx-auto max-w-3xl px-4 lg:max-w-6xl">
        <HelpSearchForm query={query} autoFocus={loaderData.kind === "start"} />
        <Outcome outcome={loaderData} />
      </div>
    </>
  );
}
