import type { PgBoss, Queue } from "pg-boss";
import type { DatabaseHandle, PoolCounts } from "../db/client.ts";
import { jobHandlers, jobViewer } from "../domain/jobs/job-handlers.ts";
import { JOB_NAMES, type JobName, type JobQueue } from "../domain/jobs/job-queue.ts";
import { SCHEDULED_JOBS } from "../domain/jobs/scheduled-jobs.ts";
import { contextFor, type ShopServices } from "../domain/shared/context.ts";
import type { Logger } from "./logger.ts";
import { countJobs, createPgBoss, type JobCount, pgBossJobQueue } from "./pg-boss-queue.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** One key for every maintenance run, so the queue's "exclusive" policy lets one exist at a time. */
const LOYALTY_MAINTENANCE = SCHEDULED_JOBS["loyalty-maintenance"];

type QueueSettings = Omit<Queue, "name">;

/** Retries of a webhook delivery after its first try. */
const WEBHOOK_RETRIES = 28;

/**
 * Retries back off from the first delay, doubling up to an hour between tries. A job that runs past
 * `expireInSeconds` counts as lost with its process (a crash, kill -9) and is retried; completed and
 * failed jobs are kept 30 days, so failures stay visible (listFailedJobs).
 */
const COMMON = { deleteAfterSeconds: 30 * 24 * HOUR, retryBackoff: true, retryDelayMax: HOUR };
const QUEUES: Record<JobName, QueueSettings> = {
  // The mailer gives up on a stalled server within a minute, well inside the two minutes.
  "send-email": { ...COMMON, retryLimit: 16, retryDelay: 30, expireInSeconds: 2 * MINUTE },
  // Exclusive: at most one run queued or running in the whole shop, whichever process asked for it.
  "loyalty-maintenance": { ...COMMON, policy: "exclusive", retryLimit: 3, retryDelay: MINUTE, expireInSeconds: 30 * MINUTE },
  "redeliver-webhook": { ...COMMON, retryLimit: 16, retryDelay: 30, expireInSeconds: 2 * MINUTE },
  "expire-checkout-session": { ...COMMON, retryLimit: 8, retryDelay: MINUTE, expireInSeconds: 2 * MINUTE },
  // The payment provider's own retries (the SDK's) come first; a day of these covers an outage.
  "complete-refund": { ...COMMON, retryLimit: 30, retryDelay: MINUTE, expireInSeconds: 2 * MINUTE },
  "fan-out-event": { ...COMMON, retryLimit: 16, retryDelay: 10, expireInSeconds: 2 * MINUTE },
  // From about 30 s, doubling (with jitter) to hourly: an endpoint is tried for about a day (decision 042).
  "send-webhook": { ...COMMON, retryLimit: WEBHOOK_RETRIES, retryDelay: 30, expireInSeconds: 2 * MINUTE },
};

/** Quick timings for tests that kill a process mid-job: lost jobs are retried within seconds. */
const QUICK_QUEUE: QueueSettings = { expireInSeconds: 2, retryDelay: 1, retryDelayMax: 2 };

export type Jobs = {
  queue: JobQueue;
  /** Starts this process's workers (each job gets a context from these services) and the loyalty schedule. */
  startWorkers: (services: ShopServices) => Promise<void>;
  /** Lets running jobs finish (a bounded wait), then stops; before the database closes. */
  stop: () => Promise<void>;
  /** Each queue's waiting, running and failed jobs, as the database holds them now. */
  counts: () => Promise<JobCount[]>;
  /** The queue's own connection pool on PostgreSQL; null on the embedded database's one connection. */
  poolCounts: () => PoolCounts | null;
};

/**
 * The shop's background work on pg-boss. Every process runs the same workers; the queue hands each
 * job to one of them, retries failures with backoff and keeps what failed.
 */
export async function openJobs(deps: {
  database: DatabaseHandle;
  databaseUrl?: string;
  logger: Logger;
  quick?: boolean;
}): Promise<Jobs> {
  const { logger, quick = false } = deps;
  const boss = createPgBoss(deps.database, deps.databaseUrl, {
    superviseIntervalSeconds: quick ? 1 : MINUTE,
    monitorIntervalSeconds: quick ? 1 : MINUTE,
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ data: warning.data }, `job queue: ${warning.message}`));
  await boss.start();
  for (const name of JOB_NAMES) {
    const settings = { ...QUEUES[name], ...(quick && QUICK_QUEUE) };
    await boss.createQueue(name, settings);
    // A queue made by an earlier release takes today's settings (its policy stays as it was made).
    const { policy: _policy, ...changeable } = settings;
    await boss.updateQueue(name, changeable);
  }
  return {
    queue: pgBossJobQueue(boss),
    startWorkers: async (services) => {
      for (const name of JOB_NAMES) await work(boss, name, services, logger, quick);
      await scheduleLoyaltyMaintenance(boss);
    },
    stop: () => boss.stop({ graceful: true, timeout: 20_000 }),
    counts: () => countJobs(boss),
    poolCounts: () => boss.getDb().poolCounts?.() ?? null,
  };
}

async function work(boss: PgBoss, name: JobName, services: ShopServices, logger: Logger, quick: boolean) {
  const pollingIntervalSeconds = quick ? 0.5 : name === "send-email" ? 1 : 2;
  const localConcurrency = name === "send-email" ? 2 : 1;
  await boss.work(name, { pollingIntervalSeconds, localConcurrency }, async ([job]) => {
    if (!job) return;
    const log = logger.child({ job: name, jobId: job.id, attempt: job.retryCount + 1 });
    const started = performance.now();
    try {
      const result = await jobHandlers[name](contextFor(services, jobViewer(name), log), job.data as never);
      log.info({ ms: Math.round(performance.now() - started), result }, "job done");
      return result;
    } catch (err) {
      log.error({ err }, "job failed (the queue retries it until its retries run out)");
      throw err;
    }
  });
}

/**
 * Every ten minutes, and once as the shop starts: once per ten-minute slot however many processes
 * start in it, so a rolling restart of N processes runs it once.
 */
async function scheduleLoyaltyMaintenance(boss: PgBoss) {
  const { everyMinutes, singletonKey } = LOYALTY_MAINTENANCE;
  await boss.schedule("loyalty-maintenance", `*/${everyMinutes} * * * *`, {}, { singletonKey });
  await boss.send("loyalty-maintenance", {}, { singletonKey, singletonSeconds: everyMinutes * MINUTE });
}
