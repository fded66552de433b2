import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { lockMember } from "./locked-member.ts";
import { type ExpiryResult, expirePendingRedeems } from "./redeem-expiry.ts";
import { settleGoldYears } from "./tiers.ts";

/** The advisory lock key that lets one maintenance run at a time across every process on the database. */
export const LOYALTY_MAINTENANCE_LOCK_KEY = 724_611_002;

/** Every gold year is at least 365 days, so no member whose gold started later can be due. */
const SHORTEST_GOLD_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export type MaintenanceResult = { ran: false } | { ran: true; renewed: number; demoted: number; redeems: ExpiryResult };

/**
 * The scheduled loyalty work: judges the gold years that have ended by `now` (renew or back to green,
 * tiers.ts) and expires the Pending redeems past their hold (redeem-expiry.ts). It runs in one
 * transaction holding a transaction-scoped advisory lock; a run that finds the lock taken does
 * nothing and reports ran: false, so any number of processes may schedule it. Each member's change is
 * also re-checked under the member's row lock, so repeating a run changes nothing.
 */
export async function runLoyaltyMaintenance(db: Database, now: Date): Promise<MaintenanceResult> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOYALTY_MAINTENANCE_LOCK_KEY}) as locked`)) as {
      rows: { locked: boolean }[];
    };
    if (!locked.rows[0]?.locked) return { ran: false };

    const due = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.membershipStatus, "gold"), lte(members.goldStartAt, new Date(now.getTime() - SHORTEST_GOLD_YEAR_MS))))
      .orderBy(asc(members.id));
    let renewed = 0;
    let demoted = 0;
    for (const { id } of due) {
      const { changes } = await settleGoldYears(tx, await lockMember(tx, id), now);
      for (const { change } of changes) {
        if (change === "renewed") renewed += 1;
        if (change === "demoted") demoted += 1;
      }
    }
    // Inside the locked transaction (its own transactions become savepoints), so it too runs once at a time.
    const redeems = await expirePendingRedeems(tx, now);
    return { ran: true, renewed, demoted, redeems };
  });
}
