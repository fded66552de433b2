import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { type ConstructorOptions, fromDrizzle, fromPglite, PgBoss, type SendOptions } from "pg-boss";
import type { DatabaseHandle, Tx } from "../db/client.ts";
import {
  type FailedJob,
  JOB_NAMES,
  type JobName,
  type JobQueue,
  type JobRun,
  type SendJobOptions,
} from "../domain/shared/job-queue.ts";

/** pg-boss keeps its tables in a schema of their own beside the shop's. */
const SCHEMA = "pgboss";

/**
 * pg-boss over the shop's database: its own small pool on PostgreSQL; on the embedded PGlite the
 * one in-process connection, through pg-boss's PGlite adapter (PGlite is PostgreSQL, so the same
 * schema, claims and retries serve it).
 */
export function createPgBoss(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  options: Omit<ConstructorOptions, "db" | "connectionString" | "backend" | "schema">,
): PgBoss {
  if (database.driver === "postgres") {
    if (!databaseUrl) throw new Error("The job queue needs the DATABASE_URL the shop's database was opened with");
    return new PgBoss({ ...options, schema: SCHEMA, connectionString: databaseUrl, max: 4, application_name: "shop-jobs" });
  }
  return new PgBoss({ ...options, schema: SCHEMA, db: fromPglite(pgliteOf(database)), backend: "pglite" });
}

function pgliteOf(database: DatabaseHandle): PGlite {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error("The embedded database handle has no PGlite client");
  return client;
}

export const JOB_STATES_COUNTED = ["queued", "active", "failed"] as const;
export type JobCount = { queue: JobName; state: (typeof JOB_STATES_COUNTED)[number]; count: number };

/**
 * How many of each queue's jobs wait (new or waiting to retry), run, and failed for good (kept 30 days),
 * read live from the job table through its index of live states, every queue and state listed.
 */
export async function countJobs(boss: PgBoss): Promise<JobCount[]> {
  const { rows } = await boss.getDb().executeSql(
    `select name, case when state in ('created', 'retry') then 'queued' else state::text end as state, count(*)::int as count
       from ${SCHEMA}.job
      where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed')
      group by 1, 2`,
    [[...JOB_NAMES]],
  );
  const found = rows as { name: JobName; state: JobCount["state"]; count: number }[];
  return JOB_NAMES.flatMap((queue) =>
    JOB_STATES_COUNTED.map((state) => ({
      queue,
      state,
      count: Number(found.find((row) => row.name === queue && row.state === state)?.count ?? 0),
    })),
  );
}

/** The JobQueue port over a started pg-boss. */
export function pgBossJobQueue(boss: PgBoss): JobQueue {
  return {
    send: (name, data, options = {}) => boss.send(name, data, sendOptionsOf(options)),
    async recentRuns(name, limit) {
      const { rows } = await boss.getDb().executeSql(
        `select id, state::text as state, data, output, created_on, completed_on
           from ${SCHEMA}.job
          where name = $1
          order by created_on desc
          limit $2`,
        [name, limit],
      );
      return (rows as RunRow[]).map(jobRunOf);
    },
    async listFailed(limit) {
      const { rows } = await boss.getDb().executeSql(
        `select id, name, data, output, retry_count, created_on, completed_on
           from ${SCHEMA}.job
          where state = 'failed' and name = any($1::text[])
          order by completed_on desc nulls last
          limit $2`,
        [[...JOB_NAMES], limit],
      );
      return rows.map(failedJobOf);
    },
    async retry(name, id) {
      const [job] = await boss.findJobs(name, { id });
      if (job?.state !== "failed") return false;
      await boss.retry(name, id);
      return true;
    },
  };
}

// pg-boss checks every option it is given, so the ones left out must be absent, not undefined.
function sendOptionsOf(options: SendJobOptions): SendOptions {
  const { tx, singletonKey, startAfter, retryLimit, retryDelaySeconds, retryBackoff } = options;
  return {
    ...(tx && { db: fromDrizzle(executorOf(tx), sql) }),
    ...(singletonKey !== undefined && { singletonKey }),
    ...(startAfter && { startAfter }),
    ...(retryLimit !== undefined && { retryLimit }),
    ...(retryDelaySeconds !== undefined && { retryDelay: retryDelaySeconds }),
    ...(retryBackoff !== undefined && { retryBackoff }),
  };
}

/** Both drivers answer a raw statement with `{ rows }`, which is all pg-boss reads. */
function executorOf(tx: Tx) {
  return { execute: (query: unknown) => tx.execute(query as SQL) as unknown as Promise<{ rows: unknown[] }> };
}

type FailedRow = {
  id: string;
  name: JobName;
  data: unknown;
  output: { message?: unknown } | null;
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
};

function failedJobOf(row: FailedRow): FailedJob {
  const message = row.output?.message;
  return {
    id: row.id,
    name: row.name,
    data: row.data,
    error: typeof message === "string" ? message : JSON.stringify(row.output),
    attempts: row.retry_count + 1,
    createdAt: new Date(row.created_on),
    failedAt: row.completed_on === null ? null : new Date(row.completed_on),
  };
}

type RunRow = {
  id: string;
  state: string;
  data: { askedBy?: unknown } | null;
  output: unknown;
  created_on: Date | string;
  completed_on: Date | string | null;
};

const RUN_STATES: Record<string, JobRun["state"]> = {
  created: "queued",
  retry: "queued",
  active: "running",
  completed: "done",
  failed: "failed",
  cancelled: "cancelled",
};

function jobRunOf(row: RunRow): JobRun {
  const askedBy = row.data?.askedBy;
  return {
    id: row.id,
    state: RUN_STATES[row.state] ?? "queued",
    askedBy: typeof askedBy === "string" ? askedBy : null,
    createdAt: new Date(row.created_on),
    finishedAt: row.completed_on === null ? null : new Date(row.completed_on),
    output: row.output,
  };
}
