import { TIER_POLICY_WORDS } from "../../domain/loyalty/programme/programme-diff.ts";
import type { ProgrammeVersionEntry } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import type { HistoryEntry } from "../components/admin/programme-history.tsx";

/** A version as the history shows it: times in Singapore time, changes as sentences. */
export function historyEntryOf(entry: ProgrammeVersionEntry): HistoryEntry {
  return {
    number: entry.number,
    state: entry.state,
    effective: entry.effectiveAt && formatTimestamp(entry.effectiveAt),
    published: entry.publishedBy && entry.publishedAt && `${entry.publishedBy} on ${formatTimestamp(entry.publishedAt)}`,
    createdBy: entry.createdBy,
    follows: entry.follows,
    changes: entry.changes.map((change) => change.text),
    tierPolicy: TIER_POLICY_WORDS[entry.rules.tierPolicy],
  };
}
