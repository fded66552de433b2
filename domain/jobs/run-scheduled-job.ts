import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS } from "./scheduled-jobs.ts";

export const RunNowInput = z.object({ name: z.enum(SCHEDULED_JOB_NAMES, { error: "is not a scheduled job" }) });

const declared = { access: staffHolding("orders"), input: RunNowInput };

/**
 * runScheduledJob: a run of a scheduled job queued now, to see its effect without waiting for its
 * time. It is queued under the schedule's own singleton key, in the transaction that records it in
 * the audit log, so one run at most is queued or running whoever asks (two clicks, two staff, the
 * schedule itself); and a run does only what is due, so one right after another changes nothing more.
 */
export const runScheduledJob = defineOperation(declared, async function runScheduledJob(ctx, { name }, actor) {
  return ctx.db.transaction(async (tx) => {
    const id = await ctx.jobs.send(name, { askedBy: actor.email }, { tx, singletonKey: SCHEDULED_JOBS[name].singletonKey });
    if (!id)
      throw new AppError(
        "CONFLICT",
        "A run is queued or running already, and it runs once at a time: its result shows here when it is done.",
      );
    await recordAudit(tx, {
      actor,
      action: "job.run",
      target: name,
      before: null,
      after: { state: "queued", runId: id },
      at: ctx.now(),
    });
    return { id };
  });
});
