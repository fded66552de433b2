import { z } from "zod";
import { staffHolding } from "../shared/access.ts";
import type { JobRun } from "../shared/job-queue.ts";
import { defineOperation } from "../shared/operation.ts";
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS, type ScheduledJobName } from "./scheduled-jobs.ts";

/** The runs of each scheduled job shown, the most recent first. */
const RUNS_SHOWN = 5;

export type ScheduledJob = { name: ScheduledJobName; everyMinutes: number; runs: JobRun[] };

const declared = { access: staffHolding("orders"), input: z.object({}) };

/** listScheduledJobs: each scheduled job with how often it runs and its latest runs, for staff to run one now. */
export const listScheduledJobs = defineOperation(declared, async function listScheduledJobs(ctx): Promise<ScheduledJob[]> {
  return Promise.all(
    SCHEDULED_JOB_NAMES.map(async (name) => ({
      name,
      everyMinutes: SCHEDULED_JOBS[name].everyMinutes,
      runs: await ctx.jobs.recentRuns(name, RUNS_SHOWN),
    })),
  );
});
