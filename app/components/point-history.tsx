export type PointEntry = { id: string; label: string; date: string; points: number };

/** "+50" for a credit, "−20" (a true minus sign) for a debit. */
export function signedPoints(points: number): string {
  return points < 0 ? `\u2212${Math.abs(points).toLocaleString("en-SG")}` : `+${points.toLocaleString("en-SG")}`;
}

export function PointHistory({ entries }: { entries: PointEntry[] }) {
  return (
    <section aria-labelledby="point-history-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="point-history-heading" className="text-lg font-bold text-brand-900">
        Point history
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted">No points yet. Points you earn and spend will appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="point-history">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">{entry.label}</p>
                <p className="text-sm text-muted">{entry.date}</p>
              </div>
              <p className={`shrink-0 font-bold tabular-nums ${entry.points < 0 ? "text-sale" : "text-emerald-800"}`}>
                {signedPoints(entry.points)} <span className="text-sm font-medium">points</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
