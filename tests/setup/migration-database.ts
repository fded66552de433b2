import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, type DatabaseHandle, migrationsFolder, openDatabase } from "../../db/client.ts";
import { adminQuery, TEST_DATABASE_URL, testDatabaseUrl } from "./test-database.ts";

/** A database migrated only as far as one committed migration, as a shop of that release has it. */
export type OlderDatabase = {
  db: Database;
  /** Opens it as the shop does, which applies the migrations after that one. */
  migrateToLatest: () => Promise<DatabaseHandle>;
  close: () => Promise<void>;
};

/** The committed migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const journalFile = path.join(migrationsFolder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No committed migration is called ${lastTag}`);
  const folder = mkdtempSync(path.join(tmpdir(), "shop-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries)
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A new database of its own (PGlite in memory, or one on the TEST_DATABASE_URL server) migrated up to `lastTag`. */
export async function databaseMigratedTo(lastTag: string): Promise<OlderDatabase> {
  const folder = migrationsUpTo(lastTag);
  try {
    if (!TEST_DATABASE_URL) {
      const client = await PGlite.create();
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: folder });
      return {
        db: db as unknown as Database,
        migrateToLatest: () => openDatabase({ pglite: client }),
        close: () => client.close(),
      };
    }
    const name = `t_old_${randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: testDatabaseUrl(name), max: 2 });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: folder });
    let latest: DatabaseHandle | null = null;
    return {
      db: db as unknown as Database,
      migrateToLatest: async () => {
        latest = await openDatabase({ databaseUrl: testDatabaseUrl(name) });
        return latest;
      },
      close: async () => {
        await pool.end();
        await latest?.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
