/**
 * Global setup of vitest and playwright: migrates one template database per run from the committed
 * migrations, which each test file then copies instead of migrating its own (decision 033). Made
 * anew on every run, never kept, so a new or changed migration is always in it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteDirOf } from "../../db/client.ts";
import { adminQuery, TEMPLATE_DUMP, TEMPLATE_VARIABLE, TEST_DATABASE_URL, testDatabaseUrl } from "./test-database.ts";

export default async function makeTemplateDatabase(): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) {
    const name = `shop_template_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    await (await openDatabase({ databaseUrl: testDatabaseUrl(name) })).close();
    process.env[TEMPLATE_VARIABLE] = name;
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), "shop-template-"));
  // Made as the shop's first start makes it, then closed; the dump is taken from the closed folder.
  await (await openDatabase({ dataDir: folder })).close();
  const pglite = await PGlite.create(pgliteDirOf(folder));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  writeFileSync(path.join(folder, TEMPLATE_DUMP), new Uint8Array(await dump.arrayBuffer()));
  process.env[TEMPLATE_VARIABLE] = folder;
  return async () => rmSync(folder, { recursive: true, force: true });
}
