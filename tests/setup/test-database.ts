import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";

/** TEST_DATABASE_URL switches the suite from embedded PGlite to a real PostgreSQL server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const DRIVER_NAME = TEST_DATABASE_URL ? "postgres" : "pglite";

export type TestDatabase = DatabaseHandle & { url: string | null };

/** A fresh, migrated, empty database of its own for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const handle = await openDatabase({ pglite: await PGlite.create() });
    return { ...handle, url: null };
  }
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  // The force-drop below ends connections that are still closing; that is expected here.
  const handle = await openDatabase({ databaseUrl: url.toString(), onConnectionError: expectedOnDrop });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

function expectedOnDrop(error: Error): void {
  if (!("code" in error) || error.code !== "57P01") throw error;
}

async function admin(statement: string): Promise<void> {
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
