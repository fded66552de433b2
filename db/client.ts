import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

/** The query surface shared by both drivers: domain code only ever sees this. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Embedded only: notifications raised inside this process, delivered before the statement that
   * raised them returns. (PostgreSQL serves many processes, so there callers read the data instead.)
   */
  listen?: (channel: string, onNotify: () => void) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | { databaseUrl: string; onConnectionError?: (error: Error) => void }
  | { dataDir: string }
  | { pglite: PGlite };

const migrationsFolder = path.join(import.meta.dirname, "migrations");
const MIGRATION_LOCK_KEY = 724_611_001;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl, target.onConnectionError);
  const client = "pglite" in target ? target.pglite : await openPgliteDir(target.dataDir);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    close: () => client.close(),
  };
}

async function openPgliteDir(dataDir: string): Promise<PGlite> {
  const dir = path.resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return PGlite.create(dir);
}

async function openPostgres(databaseUrl: string, onConnectionError = reportConnectionError): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on("error", onConnectionError);
  // Several app processes may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    lockClient.release();
  }
  return { db: drizzlePg(pool) as unknown as Database, driver: "postgres", close: () => pool.end() };
}

function reportConnectionError(error: Error): void {
  console.error(`PostgreSQL connection error: ${error.message}`);
}
