/** One searchable part of the help centre: a section, or one heading's part of it. */
export type HelpSearchEntry = { sectionTitle: string; title: string; path: string; text: string };

/** A piece of a snippet; the query's words are marked. */
export type SnippetPart = { text: string; match: boolean };
export type HelpSearchResult = { sectionTitle: string; title: string; path: string; snippet: SnippetPart[] };

export const QUERY_MIN_LENGTH = 2;
export const QUERY_MAX_LENGTH = 100;
const MAX_TERMS = 8;
const MAX_RESULTS = 20;
const SNIPPET_RADIUS = 90;

export type QueryCheck = { ok: true; terms: string[] } | { ok: false; message: string };

/** The words a query searches for, or why it cannot be searched. */
export function checkQuery(query: string): QueryCheck {
  const trimmed = query.trim();
  if (trimmed.length < QUERY_MIN_LENGTH) {
    return { ok: false, message: `Type at least ${QUERY_MIN_LENGTH} characters to search help.` };
  }
  if (trimmed.length > QUERY_MAX_LENGTH) {
    return { ok: false, message: `Search for at most ${QUERY_MAX_LENGTH} characters: a few words work best.` };
  }
  const terms = [...new Set(trimmed.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((term) => term.length > 0);
  if (terms.length === 0) return { ok: false, message: "Search for a word, such as “delivery” or “points”." };
  return { ok: true, terms: terms.slice(0, MAX_TERMS) };
}

function occurrences(haystack: string, term: string): number {
  let count = 0;
  for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + term.length)) count += 1;
  return count;
}

/** Text around the first word found, cut at word boundaries, with every word of the query marked. */
function snippetOf(text: string, terms: string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  const first = Math.min(...terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0), text.length);
  let start = Math.max(0, first - SNIPPET_RADIUS);
  let end = Math.min(text.length, first + SNIPPET_RADIUS);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  const lastSpace = text.lastIndexOf(" ", end);
  if (end < text.length && lastSpace > first) end = lastSpace;
  const excerpt = `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
  const pattern = new RegExp(`(${terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "giu");
  return excerpt
    .split(pattern)
    .filter((piece) => piece.length > 0)
    .map((piece) => ({ text: piece, match: terms.includes(piece.toLowerCase()) }));
}

/** The entries holding every word of the query, best first: words in the title count most. */
export function searchHelp(entries: readonly HelpSearchEntry[], terms: string[]): HelpSearchResult[] {
  return entries
    .map((entry) => {
      const title = `${entry.sectionTitle} ${entry.title}`.toLowerCase();
      const text = entry.text.toLowerCase();
      const found = terms.every((term) => title.includes(term) || text.includes(term));
      const score = terms.reduce((sum, term) => sum + 5 * occurrences(title, term) + occurrences(text, term), 0);
      return { entry, found, score };
    })
    .filter((scored) => scored.found)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_RESULTS)
    .map(({ entry }) => ({
      sectionTitle: entry.sectionTitle,
      title: entry.title,
      path: entry.path,
      snippet: snippetOf(entry.text, terms),
    }));
}
