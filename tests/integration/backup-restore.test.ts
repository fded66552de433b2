import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupError, backupDataDir, restoreDataDir } from "../../db/backup.ts";
import { openDatabase } from "../../db/client.ts";
import { DataDirBusyError } from "../../db/data-dir-lock.ts";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { createMember, entriesOf, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Opening (and migrating) an embedded database takes a while on a busy machine. */
const SLOW = 120_000;

/**
 * `npm run db:backup` / `db:restore` as an operator runs them, on this data folder. Asynchronously: a
 * database this test process holds answers the command's lock check from this process's event loop.
 */
function command(dataDir: string, args: string[], settings: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ["scripts/embedded-backup.ts", ...args], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, ...settings },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("backups of the embedded database", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A member with an order credited to them: orders, customers and ledger entries to find again. */
  async function shopWithAnOrder() {
    const database = await openDatabase({ dataDir });
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 12_300, memberId: member.id });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    const ledger = await entriesOf(database.db, member.id);
    await database.close();
    return { member, order, ledger };
  }

  it(
    "backs up orders and the ledger; after a wipe, a restore brings them back and keeps the replaced database aside",
    async () => {
      const { member, order, ledger } = await shopWithAnOrder();
      expect(ledger.map((entry) => entry.activityType)).toEqual(["sign-up", "order"]);

      const made = await command(dataDir, ["backup"]);
      expect(made.stderr).toBe("");
      expect(made.status).toBe(0);
      const file = /Backed up the embedded database to (\S+\.tar\.gz)/.exec(made.stdout)?.[1] ?? "";
      expect(path.dirname(file)).toBe(path.join(dataDir, "backups"));
      expect(path.basename(file)).toMatch(/^shop-\d{8}T\d{6}Z\.tar\.gz$/);

      // Changed, then wiped: the data folder starts again empty.
      const changed = await openDatabase({ dataDir });
      await changed.db.delete(pointTransactions).where(eq(pointTransactions.memberId, member.id));
      await changed.close();
      rmSync(path.join(dataDir, "pglite"), { recursive: true });
      const wiped = await openDatabase({ dataDir });
      expect(await wiped.db.select().from(orders)).toEqual([]);
      await wiped.close();

      const restored = await command(dataDir, ["restore", file]);
      expect(restored.stderr).toBe("");
      expect(restored.status).toBe(0);
      const replaced = /kept in (\S+)\.\s*$/.exec(restored.stdout)?.[1] ?? "";
      expect(path.basename(replaced)).toMatch(/^pglite\.replaced-\d{8}T\d{6}Z$/);
      expect(existsSync(path.join(replaced, "PG_VERSION"))).toBe(true);

      const back = await openDatabase({ dataDir });
      const [found] = await back.db.select().from(orders).where(eq(orders.id, order.id));
      expect(found).toMatchObject({ invoiceId: order.invoiceId, priceCents: 12_300, memberId: member.id });
      expect(await entriesOf(back.db, member.id)).toEqual(ledger);
      await back.close();
    },
    SLOW,
  );

  it(
    "refuses to back up, restore or open a second time while the shop holds the folder, and says to stop it first",
    async () => {
      await shopWithAnOrder();
      const file = await backupDataDir(dataDir);
      const shop = await openDatabase({ dataDir });
      try {
        await expect(backupDataDir(dataDir, new Date(Date.now() + 1_000))).rejects.toThrow(DataDirBusyError);
        await expect(restoreDataDir(dataDir, file)).rejects.toThrow(DataDirBusyError);
        // Nor can a second shop open it.
        await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirBusyError);
        for (const args of [["backup"], ["restore", file]]) {
          const refused = await command(dataDir, args);
          expect(refused.status).toBe(1);
          expect(refused.stderr).toContain(`in use by another process (pid ${process.pid})`);
          expect(refused.stderr).toContain("Stop the shop first");
        }
        expect(readdirSync(path.join(dataDir, "backups"))).toEqual([path.basename(file)]);
        expect(readdirSync(dataDir).filter((name) => name.startsWith("pglite."))).toEqual(["pglite.lock"]);
      } finally {
        await shop.close();
      }
    },
    SLOW,
  );

  it(
    "takes over the lock a killed shop left behind",
    async () => {
      await shopWithAnOrder();
      const holder = await processHoldingTheDatabase(dataDir);
      expect((await command(dataDir, ["backup"])).stderr).toContain(`(pid ${holder.pid})`);
      holder.kill("SIGKILL");
      await new Promise((resolve) => holder.once("exit", resolve));
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
      const made = await command(dataDir, ["backup"]);
      expect(made.stderr).toBe("");
      expect(made.status).toBe(0);
    },
    SLOW,
  );

  it(
    "refuses a file that is not a backup of the shop's database, leaving the database as it was",
    async () => {
      const { order } = await shopWithAnOrder();
      const notABackup = path.join(dataDir, "notes.tar.gz");
      writeFileSync(notABackup, "not a tarball");
      await expect(restoreDataDir(dataDir, notABackup)).rejects.toThrow(BackupError);
      const missing = await command(dataDir, ["restore", path.join(dataDir, "missing.tar.gz")]);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain("There is no backup file at");
      const database = await openDatabase({ dataDir });
      expect(await database.db.select({ id: orders.id }).from(orders)).toEqual([{ id: order.id }]);
      await database.close();
      expect(readdirSync(dataDir).filter((name) => name.startsWith("pglite."))).toEqual([]);
    },
    SLOW,
  );

  it("points to pg_dump when the shop runs on PostgreSQL", async () => {
    const refused = await command(dataDir, ["backup"], { DATABASE_URL: "postgres://shop@db.internal:5432/shop" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("back it up with pg_dump");
    expect(existsSync(path.join(dataDir, "backups"))).toBe(false);
  });
});

/** Another process with the embedded database open, as a running shop has it. */
async function processHoldingTheDatabase(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openDatabase } = await import("./db/client.ts"); await openDatabase({ dataDir: process.argv[1] }); console.log("open"); setInterval(() => {}, 1000);`,
      dataDir,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
    child.once("exit", (code) => reject(new Error(`the holding process exited with ${code}`)));
  });
  return child;
}
