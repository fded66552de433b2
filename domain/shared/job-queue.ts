import type { z } from "zod";
import type { Tx } from "../../db/client.ts";

/**
 * The background work the shop does. Each name has one definition (defineJob, beside the operation it
 * runs), registered in server/registered-jobs.ts.
 */
export const JOB_NAMES = [
  "send-email",
  "loyalty-maintenance",
  "redeliver-webhook",
  "expire-checkout-session",
  "complete-refund",
  "fan-out-event",
  "send-webhook",
  "renew-subscriptions",
  "send-renewal-reminders",
  "end-pauses",
  "send-review-requests",
] as const;

export type JobName = (typeof JOB_NAMES)[number];

/**
 * Filled in by server/registered-jobs.ts with its list of job definitions, so that sending is typed
 * by each job's own payload schema while the definitions (and the operations they run) stay above
 * this port, which every area imports.
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, so the registration can add to it.
export interface RegisteredJobs {}

type Registered = RegisteredJobs extends { definitions: readonly (infer Definition)[] } ? Definition : never;

/** What a job is sent with (an object, stored as JSON): the input of its registered definition's payload schema. */
export type JobPayload<Name extends JobName> =
  Extract<Registered, { name: Name }> extends { payload: infer Payload extends z.ZodType<object, object> }
    ? z.input<Payload>
    : never;

export type SendJobOptions = {
  /** Enqueue inside this transaction, so the job exists exactly when the change that asked for it commits. */
  tx?: Tx;
  /** At most one queued job with this key at a time. */
  singletonKey?: string;
  startAfter?: Date;
  /** Tries after the first before the job fails for good (the queue's own setting when left out). */
  retryLimit?: number;
  /** Seconds before a retry (the queue's own setting when left out). */
  retryDelaySeconds?: number;
  /** Each retry waits about twice as long as the one before (up to an hour). */
  retryBackoff?: boolean;
};

/** A job that used up its retries, kept for staff to look at and send back to the queue. */
export type FailedJob = {
  id: string;
  name: JobName;
  data: unknown;
  /** The last attempt's error message. */
  error: string;
  /** How many times it ran. */
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
};

/** One run of a job, as the queue holds it. */
export type JobRun = {
  id: string;
  state: "queued" | "running" | "done" | "failed" | "cancelled";
  /** The staff member who asked for the run; null when the schedule did. */
  askedBy: string | null;
  createdAt: Date;
  /** When it was done, failed or cancelled; null before. */
  finishedAt: Date | null;
  /** What the handler returned, or the last error. */
  output: unknown;
};

/** The job queue port: pg-boss, on PostgreSQL and on the embedded PGlite alike. */
export type JobQueue = {
  /** The job's id; null when its singleton key already has a job queued or running, so none was added. */
  send<Name extends JobName>(name: Name, data: JobPayload<Name>, options?: SendJobOptions): Promise<string | null>;
  /** A job's latest runs, the most recent first. */
  recentRuns(name: JobName, limit: number): Promise<JobRun[]>;
  /** Failed jobs, the most recent first. */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Gives a failed job one more try; false when there is no such failed job. */
  retry(name: JobName, id: string): Promise<boolean>;
};
