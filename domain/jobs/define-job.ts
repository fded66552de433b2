import type { z } from "zod";
import type { OperationContext, SystemViewer } from "../shared/context.ts";
import type { JobName } from "../shared/job-queue.ts";
import { describeFieldErrors, fieldErrorsOf } from "../shared/operation.ts";

const MINUTE = 60;

/** How the queue runs a job: its retries, how long a run may take, and its workers in each process. */
export type JobQueueSettings = {
  /** Tries after the first before a job fails for good. */
  retryLimit: number;
  /** Seconds before the first retry; each next one waits about twice as long, up to an hour. */
  retryDelaySeconds: number;
  /** A run still going after this long counts as lost with its process (a crash, kill -9) and is tried again. */
  expireInSeconds: number;
  /** At most one job of this name queued or running in the whole shop, whichever process asked for it. */
  exclusive: boolean;
  /** Jobs of this name each process runs at a time. */
  workers: number;
  /** How often an idle worker looks for a job, in seconds. */
  pollSeconds: number;
};

/** What a job's `queue` leaves out. */
const DEFAULT_QUEUE: JobQueueSettings = {
  retryLimit: 16,
  retryDelaySeconds: 30,
  expireInSeconds: 2 * MINUTE,
  exclusive: false,
  workers: 1,
  pollSeconds: 2,
};

/** A payload is an object, stored as JSON with its job. */
type JobPayloadSchema = z.ZodType<object, object>;

/**
 * One kind of background work: its name (one of JOB_NAMES), how the queue runs it, the schema of the
 * payload it is sent with, and what it does with that payload. `run` is given the payload as parsed.
 */
export type JobDefinition<Name extends JobName = JobName, Payload extends JobPayloadSchema = JobPayloadSchema> = {
  readonly name: Name;
  readonly queue: JobQueueSettings;
  readonly payload: Payload;
  // A method, so a definition of any payload fits a list of definitions.
  run(ctx: OperationContext, payload: z.output<Payload>): Promise<unknown>;
};

/**
 * A job, defined once beside the operation it runs and registered in server/registered-jobs.ts.
 * Senders are typed by it: `ctx.jobs.send(name, payload)` takes only a registered name and a payload
 * its schema accepts, and the worker parses the stored payload by the same schema before `run`.
 */
export function defineJob<const Name extends JobName, Payload extends JobPayloadSchema>(definition: {
  name: Name;
  /** Only what differs from the defaults: 16 retries from 30 s, 2 minutes a run, one worker polling every 2 s. */
  queue?: Partial<JobQueueSettings>;
  payload: Payload;
  run: (ctx: OperationContext, payload: z.output<Payload>) => Promise<unknown>;
}): JobDefinition<Name, Payload> {
  return { ...definition, queue: { ...DEFAULT_QUEUE, ...definition.queue } };
}

/** Who a job acts as: the shop itself, which no request can be. */
export const jobViewer = (job: JobName): SystemViewer => ({ kind: "system", job });

/**
 * Runs one stored job: its payload parsed by the definition's schema first, so a payload it does not
 * accept (written by an older release, or by hand) fails the job with what is wrong, and `run` never
 * sees it. What `run` returns is kept with the completed job.
 */
export async function runJob(definition: JobDefinition, ctx: OperationContext, stored: unknown): Promise<unknown> {
  const payload = definition.payload.safeParse(stored);
  if (!payload.success) {
    const problems = describeFieldErrors(fieldErrorsOf(payload.error));
    throw new Error(`This ${definition.name} job's payload is not one it runs, so it did not run: ${problems}`);
  }
  return definition.run(ctx, payload.data);
}
