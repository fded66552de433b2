import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { refundLines, refunds } from "../../../db/schema/refunds.ts";

/** The boxes of each order line that completed refunds credit, as a subquery to join on order and position. */
export function creditedBoxes(db: Database) {
  return db
    .select({
      orderId: refundLines.orderId,
      position: refundLines.position,
      quantity: sql<number>`sum(${refundLines.quantity})`.as("credited_quantity"),
    })
    .from(refundLines)
    .innerJoin(refunds, and(eq(refunds.id, refundLines.refundId), eq(refunds.status, "succeeded")))
    .groupBy(refundLines.orderId, refundLines.position)
    .as("credited");
}
