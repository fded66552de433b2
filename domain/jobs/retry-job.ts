import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { uuid } from "../shared/input.ts";
import { JOB_NAMES } from "../shared/job-queue.ts";
import { defineOperation } from "../shared/operation.ts";

export const RetryInput = z.object({ name: z.enum(JOB_NAMES, { error: "is not a job name" }), id: uuid() });

const declared = { access: staffHolding("orders"), input: RetryInput };

/** Sends a failed background job back to the queue for one more try (after staff fixed its cause). */
export const retryJob = defineOperation(declared, async function retryJob(ctx, { name, id }, actor) {
  if (!(await ctx.jobs.retry(name, id))) throw new AppError("NOT_FOUND", "There is no failed job with this id.");
  // The queue keeps its jobs apart from the shop's tables, so the entry follows the retry rather than sharing its transaction.
  const at = ctx.now();
  await ctx.db.transaction((tx) =>
    recordAudit(tx, {
      actor,
      action: "job.retry",
      target: `${name}:${id}`,
      before: { state: "failed" },
      after: { state: "retry" },
      at,
    }),
  );
});
