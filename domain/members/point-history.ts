import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { pointTransactions } from "../../db/schema/points.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import { pointEntryLabel } from "../../kernel/point-kinds.ts";
import { parseInput } from "../shared/operation.ts";
import type { MemberDeps } from "./member-deps.ts";
import { readMeta } from "./member-meta.ts";
import type { PointTransactionView } from "./member-view.ts";

/**
 * A member's point history is read a page at a time (decision record 011): newest first by
 * (transaction time, id), and a page after a cursor starts just below that entry, so a deep page costs
 * what the first one does. The balance never comes from here: it is `members.points`.
 */

/** Entries on a page unless fewer are asked for; and the most a page may hold. */
export const POINT_HISTORY_PAGE_SIZE = 20;
export const POINT_HISTORY_MAX_PAGE_SIZE = 100;

export type PointHistoryPage = {
  entries: PointTransactionView[];
  /** True when older entries exist beyond this page. */
  hasMore: boolean;
  /** The cursor of the page's last entry when hasMore: pass it as `before` for the next page. */
  nextCursor: string | null;
};

/** Where an entry stands in the order: its transaction time to the microsecond (UTC) and its id. */
type Position = { at: string; id: string };

const POSITION_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z) ([A-Za-z0-9_.:-]{1,120})$/;
const MAX_CURSOR_LENGTH = 200;
const NOT_A_CURSOR = "is not a point history cursor: use nextCursor (or an entry's cursor) from an earlier page";

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at} ${position.id}`, "utf8").toString("base64url");
}

/** The position a cursor names, or null when it is not one this shop hands out. */
export function decodeCursor(cursor: string): Position | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = POSITION_PATTERN.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match?.[1] || !match[2]) return null;
  const milliseconds = `${match[1].slice(0, 23)}Z`;
  const parsed = new Date(milliseconds);
  // A calendar date that does not exist (30 Feb) parses to another day, or not at all.
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== milliseconds) return null;
  return { at: match[1], id: match[2] };
}

export const PointHistoryPaging = z.object({
  first: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(POINT_HISTORY_MAX_PAGE_SIZE, { error: `must be at most ${POINT_HISTORY_MAX_PAGE_SIZE}` })
    .nullish(),
  before: z
    .string()
    .nullish()
    .transform((cursor, issue) => {
      if (cursor === null || cursor === undefined) return null;
      const position = decodeCursor(cursor);
      if (!position) issue.addIssue({ code: "custom", message: NOT_A_CURSOR });
      return position;
    }),
});
export type PointHistoryPagingInput = z.input<typeof PointHistoryPaging>;

// Microseconds survive the round trip through text; a JavaScript Date would keep only milliseconds.
const positionAt = sql<string>`to_char(${pointTransactions.transactionAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const olderThan = (position: Position): SQL =>
  sql`(${pointTransactions.transactionAt}, ${pointTransactions.id}) < (${position.at}::timestamptz, ${position.id})`;

/**
 * Brings the planner's picture of the ledger up to date, so a page after a cursor keeps reading the
 * history index backwards from the cursor (a few index entries) instead of every older entry. PostgreSQL's
 * autovacuum does this by itself; the embedded database has none, so scheduled loyalty work does it.
 */
export async function refreshLedgerStatistics(deps: Pick<MemberDeps, "db">): Promise<void> {
  await deps.db.execute(sql`analyze point_transactions`);
}

/**
 * One page of the member's point history. The caller has checked the member is the viewer's own; a
 * cursor only ever positions within this member's entries. Bad paging is BAD_USER_INPUT.
 */
export async function loadPointHistoryPage(
  deps: MemberDeps,
  memberId: string,
  paging: PointHistoryPagingInput = {},
): Promise<PointHistoryPage> {
  const { first, before } = parseInput(PointHistoryPaging, paging);
  const size = first ?? POINT_HISTORY_PAGE_SIZE;
  const rows = await deps.db
    .select({ entry: pointTransactions, position: positionAt })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.memberId, memberId), before ? olderThan(before) : undefined))
    .orderBy(desc(pointTransactions.transactionAt), desc(pointTransactions.id))
    // One more than the page shows, to know whether there are older entries.
    .limit(size + 1);
  const entries = rows.slice(0, size).map(({ entry: { idempotencyKey: _key, meta: stored, ...entry }, position }) => {
    const meta = readMeta(deps, memberId, `pointTransactions[${entry.id}].meta`, stored);
    return {
      ...entry,
      cursor: encodeCursor({ at: position, id: entry.id }),
      activityLabel: pointEntryLabel(entry.activityType, meta),
      meta,
      formattedTransactionTimestamp: formatTimestamp(entry.transactionAt),
    };
  });
  const hasMore = rows.length > size;
  return { entries, hasMore, nextCursor: hasMore ? (entries.at(-1)?.cursor ?? null) : null };
}
