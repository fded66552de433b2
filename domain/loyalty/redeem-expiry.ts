import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { members, redeems } from "../../db/schema/members.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { REDEEM_HOLD_DAYS } from "./programme.ts";
import { closePendingRedeem, lockRedeem } from "./redeems/redeem-ledger.ts";

const HOLD_MS = REDEEM_HOLD_DAYS * DAY_MS;

/** How many due redeems one query picks up; the job keeps going until none are left. */
const BATCH_SIZE = 200;

export function redeemExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + HOLD_MS);
}

export type ExpiryResult = { expired: number; pointsReturned: number };

/**
 * Expires every Pending redeem that has waited in the bag longer than the redeem hold at `now`: status
 * Expired and its points returned by one `redeem` credit. Each redeem is closed in a transaction of
 * its own under the member's lock, and the return's idempotency key is fixed per redeem, so a second run, or two runs at
 * once, return nothing twice. Returns what this run did.
 */
export async function expirePendingRedeems(db: Database, now: Date = new Date()): Promise<ExpiryResult> {
  const cutoff = new Date(now.getTime() - HOLD_MS);
  const result: ExpiryResult = { expired: 0, pointsReturned: 0 };
  for (;;) {
    const due = await db
      .select({ id: redeems.id, memberId: redeems.memberId })
      .from(redeems)
      .where(and(eq(redeems.status, "Pending"), lt(redeems.createdAt, cutoff)))
      .orderBy(asc(redeems.createdAt), asc(redeems.id))
      .limit(BATCH_SIZE);
    for (const { id, memberId } of due) {
      await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: members.id, email: members.email, points: members.points })
          .from(members)
          .where(eq(members.id, memberId))
          .for("update");
        const redeem = member ? await lockRedeem(tx, { redeemId: id, memberId }) : null;
        // Another run, a removal or a checkout got there first.
        if (!member || !redeem || redeem.status !== "Pending" || redeem.createdAt >= cutoff) return;
        await closePendingRedeem(tx, { member, redeem, status: "Expired", at: now });
        result.expired += 1;
        result.pointsReturned += redeem.pointsEach * redeem.quantity;
      });
    }
    if (due.length < BATCH_SIZE) return result;
  }
}
