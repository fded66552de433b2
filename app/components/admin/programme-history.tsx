import type { ReactNode } from "react";
import { StatusBadge, type Tone } from "./status-badge.tsx";

/** A version as the history shows it, its times already in Singapore time. */
export type HistoryEntry = {
  number: number;
  state: "draft" | "scheduled" | "in force" | "superseded";
  effective: string | null;
  published: string | null;
  createdBy: string;
  follows: number | null;
  changes: string[];
  tierPolicy: string;
};

const TONES: Record<HistoryEntry["state"], Tone> = {
  draft: "waiting",
  scheduled: "active",
  "in force": "done",
  superseded: "off",
};
const STATE_WORDS: Record<HistoryEntry["state"], string> = {
  draft: "Draft",
  scheduled: "Published, scheduled",
  "in force": "Published, in force",
  superseded: "Published, superseded",
};

/**
 * Every version, newest first, with who published it and what it changed from the one before; `actions`
 * adds what staff can do to a version under it.
 */
export function ProgrammeHistory({
  entries,
  actions,
}: {
  entries: HistoryEntry[];
  actions?: (entry: HistoryEntry) => ReactNode;
}) {
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.number} className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-brand-900">
            Version {entry.number} <StatusBadge tone={TONES[entry.state]}>{STATE_WORDS[entry.state]}</StatusBadge>
          </h3>
          <p className="mt-1 text-muted">
            {entry.effective
              ? `In force from ${entry.effective} (Singapore time)`
              : `Started by ${entry.createdBy}; not published`}
            {entry.published && ` · published by ${entry.published}`}
          </p>
          <p className="text-sm text-muted">Tiers on publishing: {entry.tierPolicy}</p>
          {entry.follows === null ? (
            <p className="mt-2">The programme as the shop opened with it.</p>
          ) : entry.changes.length === 0 ? (
            <p className="mt-2">No changes from version {entry.follows}.</p>
          ) : (
            <>
              <p className="mt-2 font-semibold">Changes from version {entry.follows}:</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 wrap-anywhere">
                {entry.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </>
          )}
          {actions?.(entry)}
        </li>
      ))}
    </ol>
  );
}
