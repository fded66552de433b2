import { and, asc, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { singaporeDate } from "../../../kernel/singapore-time.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { ScheduledRunPayload } from "../../jobs/scheduled-jobs.ts";
import { backgroundJob } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { resume } from "./resume-subscription.ts";

const declared = { access: backgroundJob, input: z.object({}) };

/**
 * endPauses, scheduled work: each subscription paused until a day that has come (Singapore) runs
 * again with its next box as resume() decides, told by the subscription-changed email and
 * subscription.resumed. Once: resume locks the row, and a run that finds it no longer paused (another
 * run, or the member, got there first) or paused anew to a later day leaves it.
 */
export const endPauses = defineOperation(declared, async function endPauses(ctx): Promise<{ resumed: number }> {
  const ended = await ctx.db
    .select({ id: subscriptions.id, memberId: subscriptions.memberId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "paused"), lte(subscriptions.pausedUntil, singaporeDate(ctx.now()))))
    .orderBy(asc(subscriptions.pausedUntil), asc(subscriptions.id));
  let resumed = 0;
  for (const { id, memberId } of ended) {
    try {
      await resume(ctx, { subscriptionId: id, memberId, staff: null }, { pauseEnded: true });
      resumed += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
      ctx.log.info({ subscriptionId: id, reason: error.message }, "end-pauses: left as it is");
    }
  }
  return { resumed };
});

export const endPausesJob = defineJob({
  name: "end-pauses",
  queue: { exclusive: true, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  payload: ScheduledRunPayload,
  run: (ctx) => endPauses(ctx, {}),
});
