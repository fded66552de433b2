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

/** The job queue port: pg-boss, on PostgreSQL and on the embedded PGlite alike. */
export type JobQueue = {
  send(name: JobName, data: Record<string, unknown>, options?: SendJobOptions): Promise<void>;
  /** Failed jobs, the most recent first. */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Gives a failed job one more try; false when there is no such failed job. */
  retry(name: JobName, id: string): Promise<boolean>;
};
