import type { Tx } from "../shared/transaction.ts";

/** The background work the shop does; each name has one handler in domain/jobs/. */
export type JobName = "send-email" | "loyalty-maintenance" | "redeliver-webhook" | "expire-checkout-session";

export type SendJobOptions = {
  /** Enqueue inside this transaction, so the job exists exactly when the change that asked for it commits. */
  tx?: Tx;
  /** At most one queued job with this key at a time. */
  singletonKey?: string;
  startAfter?: Date;
};

/** The job queue port: pg-boss on PostgreSQL, its embedded stand-in on PGlite. */
export type JobQueue = {
  send(name: JobName, data: Record<string, unknown>, options?: SendJobOptions): Promise<void>;
};
