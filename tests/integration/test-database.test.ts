import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, migrationsFolder, openDatabase, pgliteDirOf } from "../../db/client.ts";
import {
  adminQuery,
  DRIVER_NAME,
  openTestDatabase,
  prepareShopDatabase,
  queryRows,
  testDatabaseUrl,
} from "../setup/test-database.ts";

/** Every table, column, index, constraint, trigger and function the migrations make, and each table's row count. */
async function schemaOf(db: Database): Promise<string[]> {
  const items = await queryRows<{ item: string }>(
    db,
    sql`
    select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as item
      from information_schema.columns where table_schema = 'public'
    union all select indexdef from pg_indexes where schemaname = 'public'
    union all select concat_ws(' ', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    union all select pg_get_functiondef(oid) from pg_proc where pronamespace = 'public'::regnamespace
    order by 1`,
  );
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts.push(`${name} has ${row?.n} rows`);
  }
  return [...items.map(({ item }) => item), ...counts];
}

/** A database migrated from nothing, as the shop's first start on a new server or folder makes it. */
async function migratedFromNothing(): Promise<DatabaseHandle> {
  if (DRIVER_NAME === "pglite") return openDatabase({ pglite: await PGlite.create() });
  const name = `t_new_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: testDatabaseUrl(name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`drop database ${name}`);
    },
  };
}

/** The migrations a shop's copy holds before anything migrates it: read without opening it through the migrator. */
async function journalOfUntouchedCopy(dataDir: string, url: string | null): Promise<[string, number][]> {
  const query = "select hash, created_at from drizzle.__drizzle_migrations order by id";
  let rows: { hash: string; created_at: string }[];
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    rows = (await client.query(query).finally(() => client.end())).rows;
  } else {
    const pglite = await PGlite.create(pgliteDirOf(dataDir));
    rows = (await pglite.query<{ hash: string; created_at: string }>(query).finally(() => pglite.close())).rows;
  }
  return rows.map((row) => [row.hash, Number(row.created_at)]);
}

describe(`the database each test file gets (${DRIVER_NAME})`, () => {
  const folder = mkdtempSync(path.join(tmpdir(), "shop-copies-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is copied from a template holding exactly the committed migrations, so opening it migrates nothing", async () => {
    const dataDir = mkdtempSync(path.join(folder, "shop-"));
    const shopDatabase = await prepareShopDatabase(dataDir);
    try {
      const committed = readMigrationFiles({ migrationsFolder }).map((file) => [file.hash, file.folderMillis]);
      expect(await journalOfUntouchedCopy(dataDir, shopDatabase.url)).toEqual(committed);
    } finally {
      await shopDatabase.drop();
    }
  });

  it("has the schema and rows the migrations give a new database, for a test file and for a test shop", async () => {
    const dataDir = mkdtempSync(path.join(folder, "shop-"));
    const shopDatabase = await prepareShopDatabase(dataDir);
    const opened: DatabaseHandle[] = [];
    try {
      const [fresh, copy, shopCopy] = [
        await migratedFromNothing(),
        await openTestDatabase(),
        await openDatabase(shopDatabase.url ? { databaseUrl: shopDatabase.url } : { dataDir }),
      ];
      opened.push(fresh, copy, shopCopy);
      const expected = await schemaOf(fresh.db);
      expect(expected.length).toBeGreaterThan(100);
      expect(await schemaOf(copy.db)).toEqual(expected);
      expect(await schemaOf(shopCopy.db)).toEqual(expected);
    } finally {
      for (const database of opened) await database.close();
      await shopDatabase.drop();
    }
  });
});
