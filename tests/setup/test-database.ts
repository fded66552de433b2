import { randomBytes } from "node:crypto";
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase, pgliteDirOf } from "../../db/client.ts";

/** TEST_DATABASE_URL switches the suite from embedded PGlite to a real PostgreSQL server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const DRIVER_NAME = TEST_DATABASE_URL ? "postgres" : "pglite";

/**
 * Where the run's migrated template is (tests/setup/database-template.ts makes it once per run): the
 * template database's name on PostgreSQL, else a folder holding its PGlite folder and a dump of it.
 */
export const TEMPLATE_VARIABLE = "SHOP_TEST_TEMPLATE";
/** Inside the embedded template's folder: the dump each in-memory database loads. */
export const TEMPLATE_DUMP = "pglite.tar";

export type TestDatabase = DatabaseHandle & { url: string | null };

/** A database for a shop process of the test's: its address (PostgreSQL only) and how to drop it. */
export type ShopDatabase = { url: string | null; drop: () => Promise<void> };

/** A migrated, empty database of its own for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const dump = new Blob([readFileSync(path.join(template(), TEMPLATE_DUMP))]);
    const handle = await openDatabase({ pglite: await PGlite.create({ loadDataDir: dump }) });
    return { ...handle, url: null };
  }
  const copy = await copyTemplateDatabase();
  // The force-drop below ends connections that are still closing; that is expected here.
  const handle = await openDatabase({ databaseUrl: copy.url, onConnectionError: expectedOnDrop });
  return {
    ...handle,
    url: copy.url,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * The database a shop process started with DATA_DIR `dataDir` opens: on PostgreSQL a copy of the
 * template (pass its url as DATABASE_URL); embedded, the template's folder copied into `dataDir`.
 */
export async function prepareShopDatabase(dataDir: string): Promise<ShopDatabase> {
  if (TEST_DATABASE_URL) return copyTemplateDatabase();
  cpSync(path.join(template(), "pglite"), pgliteDirOf(dataDir), { recursive: true });
  return { url: null, drop: async () => {} };
}

async function copyTemplateDatabase(): Promise<ShopDatabase & { url: string }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name} template ${template()}`);
  return { url: testDatabaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

function template(): string {
  const value = process.env[TEMPLATE_VARIABLE];
  if (!value)
    throw new Error(`${TEMPLATE_VARIABLE} is unset: run tests through vitest or playwright, whose globalSetup makes it.`);
  return value;
}

/** The address of another database on the TEST_DATABASE_URL server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

function expectedOnDrop(error: Error): void {
  if (!("code" in error) || error.code !== "57P01") throw error;
}

/** One statement on the TEST_DATABASE_URL database, as the server's administrator. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Rows of a raw query: both drivers answer execute() with { rows }. */
export async function queryRows<Row>(db: TestDatabase["db"], query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
