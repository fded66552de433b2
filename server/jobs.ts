import type { PgBoss, Queue } from "pg-boss";
import type { DatabaseHandle, PoolCounts } from "../db/client.ts";
import { type JobDefinition, jobViewer, runJob } from "../domain/jobs/define-job.ts";
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS, type ScheduledJobName } from "../domain/jobs/scheduled-jobs.ts";
import { contextFor, type ShopServices } from "../domain/shared/context.ts";
import type { JobQueue } from "../domain/shared/job-queue.ts";
import type { Logger } from "./logger.ts";
import { countJobs, createPgBoss, type JobCount, pgBossJobQueue } from "./pg-boss-queue.ts";
import { JOB_DEFINITIONS } from "./registered-jobs.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

type QueueSettings = Omit<Queue, "name">;

/**
 * A job's queue as its definition sets it. Retries back off from the first delay, doubling up to an
 * hour between tries; completed and failed jobs are kept 30 days, so failures stay visible
 * (listFailedJobs).
 */
function queueOf({ queue }: JobDefinition): QueueSettings {
  return {
    deleteAfterSeconds: 30 * 24 * HOUR,
    retryBackoff: true,
    retryDelayMax: HOUR,
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelaySeconds,
    expireInSeconds: queue.expireInSeconds,
    ...(queue.exclusive && { policy: "exclusive" }),
  };
}

/** Quick timings for tests that kill a process mid-job: lost jobs are retried within seconds. */
const QUICK_QUEUE: QueueSettings = { expireInSeconds: 2, retryDelay: 1, retryDelayMax: 2 };

export type Jobs = {
  queue: JobQueue;
  /** Starts this process's workers (each job gets a context from these services) and the schedules. */
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
  for (const definition of JOB_DEFINITIONS) {
    const settings = { ...queueOf(definition), ...(quick && QUICK_QUEUE) };
    await boss.createQueue(definition.name, settings);
    // A queue made by an earlier release takes today's settings (its policy stays as it was made).
    const { policy: _policy, ...changeable } = settings;
    await boss.updateQueue(definition.name, changeable);
  }
  return {
    queue: pgBossJobQueue(boss),
    startWorkers: async (services) => {
      for (const definition of JOB_DEFINITIONS) await work(boss, definition, services, logger, quick);
      for (const name of SCHEDULED_JOB_NAMES) await schedule(boss, name);
    },
    stop: () => boss.stop({ graceful: true, timeout: 20_000 }),
    counts: () => countJobs(boss),
    poolCounts: () => boss.getDb().poolCounts?.() ?? null,
  };
}

async function work(boss: PgBoss, definition: JobDefinition, services: ShopServices, logger: Logger, quick: boolean) {
  const { name, queue } = definition;
  const options = { pollingIntervalSeconds: quick ? 0.5 : queue.pollSeconds, localConcurrency: queue.workers };
  await boss.work(name, options, async ([job]) => {
    if (!job) return;
    const log = logger.child({ job: name, jobId: job.id, attempt: job.retryCount + 1 });
    const started = performance.now();
    try {
      const result = await runJob(definition, contextFor(services, jobViewer(name), log), job.data);
      log.info({ ms: Math.round(performance.now() - started), result }, "job done");
      return result;
    } catch (err) {
      log.error({ err }, "job failed (the queue retries it until its retries run out)");
      throw err;
    }
  });
}

/**
 * On its schedule, and once as the shop starts: once per slot however many processes start in it,
 * so a rolling restart of N processes runs it once. Every run carries the schedule's one key.
 */
async function schedule(boss: PgBoss, name: ScheduledJobName) {
  const { everyMinutes, singletonKey } = SCHEDULED_JOBS[name];
  await boss.schedule(name, `*/${everyMinutes} * * * *`, {}, { singletonKey });
  await boss.send(name, {}, { singletonKey, singletonSeconds: everyMinutes * MINUTE });
}
