import type { Tx } from "../../db/client.ts";

/** The background work the shop does; each name has one handler in domain/jobs/job-handlers.ts. */
export const JOB_NAMES = [
  "send-email",
  "loyalty-maintenance",
  "redeliver-webhook",
  "expire-checkout-session",
  "complete-refund",
  "fan-out-event",
  "send-webhook",
] as const;

export type JobName = (typeof JOB_NAMES)[number];

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
  send(name: JobName, data: Record<string, unknown>, options?: SendJobOptions): Promise<string | null>;
  /** A job's latest runs, the most recent first. */
  recentRuns(name: JobName, limit: number): Promise<JobRun[]>;
  /** Failed jobs, the most recent first. */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Gives a failed job one more try; false when there is no such failed job. */
  retry(name: JobName, id: string): Promise<boolean>;
};
