/**
 * `npm run db:backup` and `npm run db:restore FILE`: backups of the embedded database (PGlite in
 * DATA_DIR/pglite), made while the shop is stopped. PostgreSQL (DATABASE_URL) has its own tools, see
 * docs/operations.md.
 */
import { BackupError, backupDataDir, restoreDataDir } from "../db/backup.ts";
import { DataDirBusyError } from "../db/data-dir-lock.ts";
import { ConfigError, loadConfig } from "../server/env.ts";

const USAGE = "usage: npm run db:backup | npm run db:restore <backup file>";

async function main(command: string | undefined, file: string | undefined): Promise<string> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError(
      "The shop's database is PostgreSQL (DATABASE_URL is set): back it up with pg_dump and bring it back with pg_restore, as docs/operations.md shows.",
    );
  }
  if (command === "backup") {
    return `Backed up the embedded database to ${await backupDataDir(config.DATA_DIR)}`;
  }
  if (command === "restore" && file) {
    const { replaced } = await restoreDataDir(config.DATA_DIR, file);
    return `Restored the embedded database from ${file}.${replaced ? ` The database it replaced is kept in ${replaced}.` : ""}`;
  }
  throw new BackupError(USAGE);
}

try {
  console.log(await main(process.argv[2], process.argv[3]));
} catch (error) {
  if (error instanceof DataDirBusyError) {
    console.error(
      `${error.message}\nStop the shop first, then run this again (the embedded database serves one process at a time).`,
    );
    process.exit(1);
  }
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
