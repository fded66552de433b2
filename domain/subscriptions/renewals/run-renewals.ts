import { and, asc, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { singaporeDate } from "../../../kernel/singapore-time.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { ScheduledRunPayload } from "../../jobs/scheduled-jobs.ts";
import { backgroundJob } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { type RenewalRun, renewSubscription } from "./renew-subscription.ts";

/** How many due subscriptions came to each end this run. */
export type RenewalsResult = Partial<Record<RenewalRun, number>>;

const declared = { access: backgroundJob, input: z.object({}) };

/**
 * runRenewals, the scheduled renewal work (a job's, not a person's): finds the active subscriptions
 * due by today (Singapore) and renews each on its own (renew-subscription.ts), so one that fails is
 * logged and the others still go; the run then fails as a whole so the job is tried again. Runs at
 * the same time (another process, a retry, staff asking) renew nothing twice.
 */
export const runRenewals = defineOperation(declared, async function runRenewals(ctx): Promise<RenewalsResult> {
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), lte(subscriptions.nextRenewalOn, singaporeDate(ctx.now()))))
    .orderBy(asc(subscriptions.nextRenewalOn), asc(subscriptions.id));
  const result: RenewalsResult = {};
  const failures: unknown[] = [];
  for (const { id } of due) {
    try {
      const run = await renewSubscription(ctx, id);
      result[run] = (result[run] ?? 0) + 1;
    } catch (error) {
      ctx.log.error({ err: error, subscriptionId: id }, "renewals: this subscription could not be renewed");
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `renewals: ${failures.length} subscription(s) failed (${JSON.stringify(result)})`);
  }
  return result;
});

/** Exclusive: at most one run queued or running in the whole shop; a second process racing it still renews nothing twice. */
export const renewSubscriptionsJob = defineJob({
  name: "renew-subscriptions",
  queue: { exclusive: true, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  payload: ScheduledRunPayload,
  run: (ctx) => runRenewals(ctx, {}),
});
