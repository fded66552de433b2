import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteDirOf } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";

/** A backup or restore that cannot be made as asked (the reason is the message). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** `20260314T020304Z`: a UTC instant that sorts by time and is safe in a file name. */
function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** Runs `work` holding DATA_DIR's embedded database (refused with DataDirBusyError while the shop runs). */
async function withDataDir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lock = await lockDataDir(dataDir);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

/**
 * Copies the embedded database to `DATA_DIR/backups/shop-<UTC time>.tar.gz` (PGlite's data folder as a
 * tarball) and returns its path. The folder is held meanwhile, so nothing writes while it is copied.
 */
export async function backupDataDir(dataDir: string, now = new Date()): Promise<string> {
  const dbDir = pgliteDirOf(dataDir);
  const file = path.resolve(dataDir, "backups", `shop-${utcStamp(now)}.tar.gz`);
  if (!existsSync(path.join(dbDir, "PG_VERSION"))) throw new BackupError(`There is no embedded database in ${dbDir}.`);
  return withDataDir(dataDir, async () => {
    if (existsSync(file)) throw new BackupError(`${file} already exists; try again in a second.`);
    const pglite = await PGlite.create(dbDir);
    try {
      // Writes every change into the data files, so the copy needs no recovery to open.
      await pglite.exec("CHECKPOINT");
      const tarball = Buffer.from(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole under another name first: a file named like a backup is always a complete one.
      writeFileSync(`${file}.partial`, tarball);
      renameSync(`${file}.partial`, file);
      return file;
    } finally {
      await pglite.close();
    }
  });
}

/**
 * Brings back the embedded database from a backup: the backup is unpacked and opened beside the current
 * database first, then swapped in; the database it replaces is kept as `DATA_DIR/pglite.replaced-<UTC
 * time>` (returned; null when there was none). The next start migrates it if it is from an older release.
 */
export async function restoreDataDir(
  dataDir: string,
  backupFile: string,
  now = new Date(),
): Promise<{ replaced: string | null }> {
  if (!existsSync(backupFile)) throw new BackupError(`There is no backup file at ${path.resolve(backupFile)}.`);
  const dbDir = pgliteDirOf(dataDir);
  const stamp = utcStamp(now);
  const staging = `${dbDir}.restoring-${stamp}`;
  return withDataDir(dataDir, async () => {
    rmSync(staging, { recursive: true, force: true });
    await checkShopDatabase(staging, backupFile);
    const replaced = existsSync(dbDir) ? `${dbDir}.replaced-${stamp}` : null;
    if (replaced) renameSync(dbDir, replaced);
    renameSync(staging, dbDir);
    return { replaced };
  });
}

/** Unpacks the backup into `dir` and opens it: a file that is not the shop's database is refused there. */
async function checkShopDatabase(dir: string, backupFile: string): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(backupFile)]) });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`${backupFile} is not a backup of the shop's database (${(error as Error).message}).`, {
      cause: error,
    });
  }
  try {
    await pglite.query("select 1 from drizzle.__drizzle_migrations limit 1");
  } catch (error) {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`${backupFile} holds a database, but not the shop's (${(error as Error).message}).`, {
      cause: error,
    });
  }
  await pglite.close();
}
