import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { pointTransactions } from "../../../db/schema/points.ts";

/** The credits of one kind an order brought a member (a campaign's bonus, a renewal's extra), oldest first, to reverse with it. */
export function orderCreditsOfKind(tx: Tx, input: { memberId: string; orderId: string; kind: string }) {
  return tx
    .select({
      points: pointTransactions.points,
      meta: pointTransactions.meta,
      programmeVersion: pointTransactions.programmeVersion,
    })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.memberId, input.memberId),
        eq(pointTransactions.activityType, input.kind),
        eq(pointTransactions.transactionType, "credit"),
        sql`${pointTransactions.meta}->>'orderId' = ${input.orderId}`,
      ),
    )
    .orderBy(asc(pointTransactions.createdAt), asc(pointTransactions.id));
}
