import { and, asc, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { ScheduledRunPayload } from "../../jobs/scheduled-jobs.ts";
import { queueGoldEndingEmails } from "../../member-emails/gold-ending-emails.ts";
import { queuePointsExpiringEmails } from "../../member-emails/points-expiring-emails.ts";
import { lockMember } from "../../members/locked-member.ts";
import { refreshLedgerStatistics } from "../../members/point-history.ts";
import { creditReferrals, type ReferralCreditResult } from "../../referrals/credit-referrals.ts";
import { backgroundJob } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { expirePoints, type PointsExpiryResult } from "../expiry/expire-points.ts";
import { loadProgrammeSchedule } from "../programme/programme.ts";
import { type ExpiryResult, expirePendingRedeems } from "../rewards/redeem-expiry.ts";
import { type RejudgeResult, rejudgeTiers } from "../tiers/rejudge-tiers.ts";
import { addMonths, settleGoldYears, shortestGoldMonths } from "../tiers/tiers.ts";

export type MaintenanceResult = {
  renewed: number;
  demoted: number;
  rejudged: RejudgeResult;
  redeems: ExpiryResult;
  points: PointsExpiryResult;
  /** Gold-ending emails queued (decision 044). */
  goldEndingEmails: number;
  /** Points-expiring emails queued, one per expiry warning (decisions 043, 044). */
  pointsExpiringEmails: number;
  /** Referrals past their refund window whose referrer was credited (decision 045). */
  referrals: ReferralCreditResult;
};

const declared = { access: backgroundJob, input: z.object({}) };

/**
 * runLoyaltyMaintenance, the scheduled loyalty work (a job's, not a person's): carries out the
 * "rejudge" tier policy of a version that has taken effect (rejudge-tiers.ts), judges the gold years
 * that have ended by now (renew or back to green, tiers.ts), expires the Pending redeems past their
 * hold (redeem-expiry.ts), writes off the points whose expiry date has come and records the expiry
 * warnings due (expiry/expire-points.ts), queues the emails of gold years ending soon
 * (gold-ending-emails.ts), credits the referrals past their refund window (credit-referrals.ts), then refreshes the ledger's planner statistics (point-history.ts). It
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
    const rejudged = await rejudgeTiers(ctx.db, ctx.jobs, now);
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
      points: { expired: 0, pointsExpired: 0, warnings: 0 },
      goldEndingEmails: 0,
      pointsExpiringEmails: 0,
      referrals: { credited: 0, points: 0 },
    };
    const failures: unknown[] = [];
    for (const { id } of due) {
      try {
        const { changes } = await ctx.db.transaction(async (tx) =>
          settleGoldYears(tx, ctx.jobs, await lockMember(tx, id), now, schedule),
        );
        for (const { change } of changes) {
          if (change === "renewed") result.renewed += 1;
          if (change === "demoted") result.demoted += 1;
        }
      } catch (error) {
        ctx.log.error({ err: error, memberId: id }, "loyalty maintenance: this member's gold year could not be judged");
        failures.push(error);
      }
    }
    // Before the redeems: a reward whose hold ends in this run gives its points back after the balance
    // held on the expiry date is written off, so they start a period of their own.
    const expiry = await expirePoints(ctx, now);
    result.points = expiry.result;
    failures.push(...expiry.failures);
    result.pointsExpiringEmails = (await queuePointsExpiringEmails(ctx)).queued;
    const goldEnding = await queueGoldEndingEmails(ctx, now, schedule);
    result.goldEndingEmails = goldEnding.queued;
    failures.push(...goldEnding.failures);
    result.redeems = await expirePendingRedeems(ctx.db, ctx.jobs, now);
    const credits = await creditReferrals(ctx, now);
    result.referrals = credits.result;
    failures.push(...credits.failures);
    await refreshLedgerStatistics(ctx);
    if (failures.length > 0) {
      throw new AggregateError(failures, `loyalty maintenance: ${failures.length} member(s) failed (${JSON.stringify(result)})`);
    }
    return result;
  },
);

/** Exclusive: at most one run queued or running in the whole shop, whichever process asked for it. */
export const loyaltyMaintenanceJob = defineJob({
  name: "loyalty-maintenance",
  queue: { exclusive: true, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  payload: ScheduledRunPayload,
  run: (ctx) => runLoyaltyMaintenance(ctx, {}),
});
