import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { pointTransactions } from "../../../db/schema/points.ts";
import { AppError } from "../../../kernel/app-error.ts";
import type { PointKind } from "../../../kernel/point-kinds.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { programmeInForce } from "../programme/programme.ts";

export type PointEntry = {
  memberId: string;
  email: string;
  /** A point kind, or the id of an earn action a programme version added. */
  kind: PointKind | (string & {});
  transactionType: "credit" | "debit";
  /** A magnitude: the direction is transactionType. */
  points: number;
  spentCents?: number;
  meta?: Record<string, unknown>;
  /** The same key twice records the entry once (e.g. `sign-up:{memberId}`). */
  idempotencyKey?: string | null;
  /** The programme version whose rules made the entry (programmeVersionAt for entries no rule sizes). */
  programmeVersion: number;
  at: Date;
};

/**
 * The number of the version in force at `at`, for entries no rule sizes: read as every ledger writer
 * reads it (programmeInForce), under the same lock publishing waits on.
 */
export async function programmeVersionAt(tx: Tx, at: Date): Promise<number> {
  return (await programmeInForce(tx, at)).version.number;
}

/**
 * Appends one entry to the points ledger and moves the member's balance by it, inside the caller's
 * transaction, so `members.points` always equals the sum of the member's entries, and records its
 * `points.changed` event there too. Returns false (and changes nothing) when the idempotency key was
 * used before. A debit larger than the balance is refused with INSUFFICIENT_POINTS; the caller's
 * transaction then rolls back the entry too.
 */
export async function recordPointEntry(tx: Tx, jobs: JobQueue, entry: PointEntry): Promise<boolean> {
  if (!Number.isInteger(entry.points) || entry.points < 0) throw new Error(`points must be a whole number >= 0: ${entry.points}`);
  const id = randomUUID();
  const inserted = await tx
    .insert(pointTransactions)
    .values({
      id,
      memberId: entry.memberId,
      email: entry.email,
      activityType: entry.kind,
      transactionType: entry.transactionType,
      points: entry.points,
      spentCents: entry.spentCents ?? 0,
      meta: entry.meta ?? {},
      idempotencyKey: entry.idempotencyKey ?? null,
      programmeVersion: entry.programmeVersion,
      transactionAt: entry.at,
      createdAt: entry.at,
      updatedAt: entry.at,
    })
    .onConflictDoNothing({ target: pointTransactions.idempotencyKey })
    .returning({ id: pointTransactions.id });
  if (inserted.length === 0) return false;

  const credit = entry.transactionType === "credit";
  const moved = await tx
    .update(members)
    .set({
      points: credit ? sql`${members.points} + ${entry.points}` : sql`${members.points} - ${entry.points}`,
      updatedAt: entry.at,
    })
    .where(and(eq(members.id, entry.memberId), credit ? undefined : gte(members.points, entry.points)))
    .returning({ points: members.points });
  const [after] = moved;
  if (!after) {
    if (!credit) throw new AppError("INSUFFICIENT_POINTS", "You do not have enough points for this.");
    throw new AppError("NOT_FOUND", "This member does not exist.");
  }
  const orderId = entry.meta?.orderId;
  await recordShopEvent(tx, jobs, {
    type: "points.changed",
    key: `points.changed:${id}`,
    data: {
      memberId: entry.memberId,
      entryId: id,
      kind: entry.kind,
      direction: entry.transactionType,
      points: entry.points,
      balance: after.points,
      programmeVersion: entry.programmeVersion,
      orderId: typeof orderId === "string" ? orderId : null,
      at: entry.at.toISOString(),
    },
    at: entry.at,
  });
  return true;
}
