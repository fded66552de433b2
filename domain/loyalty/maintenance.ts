import { and, asc, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import { queueGoldEndingEmails } from "../member-emails/gold-ending-emails.ts";
import { backgroundJob } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { lockMember } from "./locked-member.ts";
import { refreshLedgerStatistics } from "./point-history.ts";
import { loadProgrammeSchedule } from "./programme.ts";
import { type ExpiryResult, expirePendingRedeems } from "./redeem-expiry.ts";
import { type RejudgeResult, rejudgeTiers } from "./rejudge-tiers.ts";
import { addMonths, settleGoldYears, shortestGoldMonths } from "./tiers.ts";

export type MaintenanceResult = {
  renewed: number;
  demoted: number;
  rejudged: RejudgeResult;
  redeems: ExpiryResult;
  /** Gold-ending emails queued (decision 044). */
  goldEndingEmails: number;
};

const declared = { access: backgroundJob, input: z.object({}) };

/**
 * runLoyaltyMaintenance, the scheduled loyalty work (a job's, not a person's): carries out the
 * "rejudge" tier policy of a version that has taken effect (rejudge-tiers.ts), judges the gold years
 * that have ended by now (renew or back to green, tiers.ts) and expires the Pending redeems past their
 * hold (redeem-expiry.ts), queues the emails of gold years ending soon (gold-ending-emails.ts), then refreshes the ledger's planner statistics (point-history.ts). It
 * first finds who is due, then handles each member in a short transaction of its own (lock the
 * member, re-check, change), so no member stays locked while the others are handled, and runs at
 * the same time (another process, a retry) do nothing twice.
 *
 * A member whose change fails is logged and skipped; the others still commit, and the run then fails
 * as a whole so the job is retried (the members already done are no longer due).
 */
export const runLoyaltyMaintenance = defineOperation(
  declared,
  async function runLoyaltyMaintenance(ctx): Promise<MaintenanceResult> {
    const now = ctx.now();
    const rejudged = await rejudgeTiers(ctx.db, now);
    const schedule = await loadProgrammeSchedule(ctx.db);
    // A gold year is at least as long as the same calendar span counted back from now (see addMonths),
    // and at least the shortest any version gives, so no member whose gold started later can be due;
    // settleGoldYears decides exactly.
    const due = await ctx.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.membershipStatus, "gold"), lte(members.goldStartAt, addMonths(now, -shortestGoldMonths(schedule)))))
      .orderBy(asc(members.id));

    const result: MaintenanceResult = {
      renewed: 0,
      demoted: 0,
      rejudged,
      redeems: { expired: 0, pointsReturned: 0 },
      goldEndingEmails: 0,
    };
    const failures: unknown[] = [];
    for (const { id } of due) {
      try {
        const { changes } = await ctx.db.transaction(async (tx) => settleGoldYears(tx, await lockMember(tx, id), now, schedule));
        for (const { change } of changes) {
          if (change === "renewed") result.renewed += 1;
          if (change === "demoted") result.demoted += 1;
        }
      } catch (error) {
        ctx.log.error({ err: error, memberId: id }, "loyalty maintenance: this member's gold year could not be judged");
        failures.push(error);
      }
    }
    const goldEnding = await queueGoldEndingEmails(ctx, now, schedule);
    result.goldEndingEmails = goldEnding.queued;
    failures.push(...goldEnding.failures);
    result.redeems = await expirePendingRedeems(ctx.db, now);
    await refreshLedgerStatistics(ctx);
    if (failures.length > 0) {
      throw new AggregateError(failures, `loyalty maintenance: ${failures.length} member(s) failed (${JSON.stringify(result)})`);
    }
    return result;
  },
);
