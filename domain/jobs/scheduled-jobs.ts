import { z } from "zod";
import type { JobName } from "../shared/job-queue.ts";

/**
 * The jobs the shop runs on a schedule (server/jobs.ts): how often, and the singleton key under which
 * at most one run is queued or running at a time, whether the schedule or staff asked for it.
 */
export const SCHEDULED_JOBS = {
  "loyalty-maintenance": { everyMinutes: 10, singletonKey: "loyalty-maintenance" },
  "renew-subscriptions": { everyMinutes: 15, singletonKey: "renew-subscriptions" },
  "send-renewal-reminders": { everyMinutes: 60, singletonKey: "send-renewal-reminders" },
  "end-pauses": { everyMinutes: 60, singletonKey: "end-pauses" },
  "send-review-requests": { everyMinutes: 60, singletonKey: "send-review-requests" },
} as const satisfies Partial<Record<JobName, { everyMinutes: number; singletonKey: string }>>;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;

export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as [ScheduledJobName, ...ScheduledJobName[]];

/** A scheduled job's payload: the staff member who asked for the run; nothing when the schedule did. */
export const ScheduledRunPayload = z.object({ askedBy: z.string().optional() });
