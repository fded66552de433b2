import { Link } from "react-router";
import { formatNumber } from "../../kernel/number-format.ts";
import { When } from "./when.tsx";

export type PointEntry = { id: string; label: string; date: string; points: number };

/** "+50" for a credit, "−20" (a true minus sign) for a debit. */
export function signedPoints(points: number): string {
  return points < 0 ? `\u2212${formatNumber(Math.abs(points))}` : `+${formatNumber(points)}`;
}

type PointHistoryProps = {
  /** One page of the history, newest first. */
  entries: PointEntry[];
  /** The address of the next, older page; null on the last page. */
  olderHref: string | null;
  /** This page is not the newest one. */
  isOlderPage: boolean;
  /** The address of the newest page. */
  newestHref: string;
  /** Why the page asked for could not be shown (the newest page is shown instead). */
  problem: string | null;
};

const pagerLink = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

export function PointHistory({ entries, olderHref, isOlderPage, newestHref, problem }: PointHistoryProps) {
  return (
    <section aria-labelledby="point-history-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="point-history-heading" className="scroll-mt-32 text-lg font-bold text-brand-900">
        {isOlderPage ? "Point history: older entries" : "Point history"}
      </h2>
      {problem && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-2 text-muted">No points yet. Points you earn and spend will appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="point-history">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">{entry.label}</p>
                <p className="text-sm text-muted">
                  <When>{entry.date}</When>
                </p>
              </div>
              <p className={`shrink-0 font-bold tabular-nums ${entry.points < 0 ? "text-sale" : "text-emerald-800"}`}>
                {signedPoints(entry.points)} <span className="text-sm font-medium">points</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {(olderHref || isOlderPage) && (
        <nav aria-label="Point history pages" className="mt-3 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-100 pt-3">
          {isOlderPage && (
            <Link to={newestHref} className={pagerLink}>
              Newest entries
            </Link>
          )}
          {olderHref && (
            <Link to={olderHref} className={pagerLink}>
              Show older entries
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
