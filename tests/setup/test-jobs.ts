import pino from "pino";
import type { DatabaseHandle } from "../../db/client.ts";
import type { Ports } from "../../domain/shared/context.ts";
import { type Jobs, openJobs } from "../../server/jobs.ts";
import { testContext } from "./operation-context.ts";

/**
 * The shop's real job queue (pg-boss) on a test database, with quick timings: lost jobs are retried
 * within seconds. No worker runs until `startWorkers`, so a test can look at what was queued first.
 */
export async function openTestJobs(database: DatabaseHandle & { url?: string | null }): Promise<Jobs> {
  return openJobs({ database, databaseUrl: database.url ?? undefined, logger: pino({ level: "silent" }), quick: true });
}

/** The services a worker builds each job's context from: the test context's, with these ports. */
export function testServices(database: DatabaseHandle, ports: Partial<Ports>) {
  const { viewer: _viewer, log: _log, ...services } = testContext(database.db, { ports });
  return services;
}

/** Waits until `check` holds (polling), or fails after `timeoutMs` with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
