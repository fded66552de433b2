import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.ts";
import { pointTransactions } from "../../../db/schema/points.ts";

export type MemberExpiry = {
  /** The `expired` entry. */
  id: string;
  points: number;
  expiresOn: string;
  at: Date;
  /** When staff restored it; null while it stands. */
  restoredAt: Date | null;
};

export const RESTORE_KEY_PREFIX = "expiry-restore:";

const restores = alias(pointTransactions, "restores");

/** A member's expiries, newest first, each with its restoring entry if staff restored it (restore-expired-points.ts). */
export async function memberExpiries(db: Database, memberId: string): Promise<MemberExpiry[]> {
  const rows = await db
    .select({
      id: pointTransactions.id,
      points: pointTransactions.points,
      expiresOn: sql<string>`${pointTransactions.meta}->>'expiresOn'`,
      at: pointTransactions.transactionAt,
      restoredAt: restores.transactionAt,
    })
    .from(pointTransactions)
    .leftJoin(restores, eq(restores.idempotencyKey, sql`${RESTORE_KEY_PREFIX} || ${pointTransactions.id}`))
    .where(and(eq(pointTransactions.memberId, memberId), eq(pointTransactions.activityType, "expired")))
    .orderBy(desc(pointTransactions.transactionAt));
  return rows;
}
