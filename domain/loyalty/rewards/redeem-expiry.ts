import { and, asc, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { redeems } from "../../../db/schema/rewards.ts";
import { DAY_MS } from "../../../kernel/singapore-time.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { loadProgrammeSchedule, type ProgrammeSchedule, programmeAt } from "../programme/programme.ts";
import { closePendingRedeem, lockRedeem } from "./redeems/redeem-ledger.ts";

/** How many due redeems one query picks up; the job keeps going until none are left. */
const BATCH_SIZE = 200;

/** A reward waits for the hold of the version in force when it was taken. */
export function redeemExpiresAt(createdAt: Date, schedule: ProgrammeSchedule): Date {
  return new Date(createdAt.getTime() + programmeAt(schedule, createdAt).rules.redeemHoldDays * DAY_MS);
}

export type ExpiryResult = { expired: number; pointsReturned: number };

/**
 * Expires every Pending redeem that has waited in the bag longer than the redeem hold at `now`: status
 * Expired and its points returned by one `redeem` credit. Each redeem is closed in a transaction of
 * its own under the member's lock, and the return's idempotency key is fixed per redeem, so a second run, or two runs at
 * once, return nothing twice. Returns what this run did.
 */
export async function expirePendingRedeems(db: Database, jobs: JobQueue, now: Date = new Date()): Promise<ExpiryResult> {
  const schedule = await loadProgrammeSchedule(db);
  // No reward taken after the shortest hold any version gives can be due; each is then checked exactly.
  const shortestHoldDays = Math.min(...schedule.map((version) => version.rules.redeemHoldDays));
  const cutoff = new Date(now.getTime() - shortestHoldDays * DAY_MS);
  const result: ExpiryResult = { expired: 0, pointsReturned: 0 };
  // Pages by (createdAt, id): a redeem whose own hold has not run out is passed over, not met again.
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const due = await db
      .select({ id: redeems.id, memberId: redeems.memberId, createdAt: redeems.createdAt })
      .from(redeems)
      .where(
        and(
          eq(redeems.status, "Pending"),
          lt(redeems.createdAt, cutoff),
          after
            ? or(gt(redeems.createdAt, after.createdAt), and(eq(redeems.createdAt, after.createdAt), gt(redeems.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(redeems.createdAt), asc(redeems.id))
      .limit(BATCH_SIZE);
    after = due.at(-1) ?? after;
    for (const { id, memberId } of due) {
      await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: members.id, email: members.email, points: members.points })
          .from(members)
          .where(eq(members.id, memberId))
          .for("update");
        const redeem = member ? await lockRedeem(tx, { redeemId: id, memberId }) : null;
        // Another run, a removal or a checkout got there first.
        if (!member || !redeem || redeem.status !== "Pending" || redeemExpiresAt(redeem.createdAt, schedule) > now) return;
        await closePendingRedeem(tx, jobs, { member, redeem, status: "Expired", at: now });
        result.expired += 1;
        result.pointsReturned += redeem.pointsEach * redeem.quantity;
      });
    }
    if (due.length < BATCH_SIZE) return result;
  }
}
