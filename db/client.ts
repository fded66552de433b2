import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { seedProgramme } from "./seed/programme.ts";

/** The query surface shared by both drivers: domain code only ever sees this. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A database transaction as Drizzle hands it to the callback of `db.transaction`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Embedded only: notifications raised inside this process, delivered before the statement that
   * raised them returns. (PostgreSQL serves many processes, so there callers read the data instead.)
   */
  listen?: (channel: string, onNotify: () => void) => Promise<void>;
  /** PostgreSQL only: the connection pool's size and use at this moment. */
  poolCounts?: () => PoolCounts;
  close: () => Promise<void>;
};

/** A connection pool at one moment, as node-postgres counts it. */
export type PoolCounts = { max: number; total: number; idle: number; waiting: number };

export type DatabaseTarget =
  | { databaseUrl: string; onConnectionError?: (error: Error) => void }
  | { dataDir: string }
  | { pglite: PGlite };

/** The committed migrations, which every open applies where missing. */
export const migrationsFolder = path.join(import.meta.dirname, "migrations");
/** The advisory lock the processes starting together take turns on to migrate. */
export const MIGRATION_LOCK_KEY = 724_611_001;
const POOL_MAX = 10;

/**
 * Opens the database and brings its schema up to date with the committed migrations, with version 1 of
 * the loyalty programme in it (every points entry names the version that made it).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl, target.onConnectionError);
  if ("pglite" in target) return openPglite(target.pglite, async () => {});
  // The folder is this process's until it closes: a second shop or a backup is refused meanwhile.
  const lock = await lockDataDir(target.dataDir);
  let client: PGlite | null = null;
  try {
    const dir = pgliteDirOf(target.dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
    return await openPglite(client, lock.release);
  } catch (error) {
    await client?.close();
    await lock.release();
    throw error;
  }
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

async function openPglite(client: PGlite, afterClose: () => Promise<void>): Promise<DatabaseHandle> {
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  await seedProgramme(db as unknown as Database);
  return {
    db: db as unknown as Database,
    driver: "pglite",
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    close: async () => {
      await client.close();
      await afterClose();
    },
  };
}

async function openPostgres(databaseUrl: string, onConnectionError = reportConnectionError): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on("error", onConnectionError);
  // Several app processes may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const migrating = drizzlePg(lockClient);
    await migratePg(migrating, { migrationsFolder });
    await seedProgramme(migrating as unknown as Database);
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    lockClient.release();
  }
  return {
    db: drizzlePg(pool) as unknown as Database,
    driver: "postgres",
    poolCounts: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

function reportConnectionError(error: Error): void {
  console.error(`PostgreSQL connection error: ${error.message}`);
}
