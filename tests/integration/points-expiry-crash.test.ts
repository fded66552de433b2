import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { creditAt, expiriesOf, publishRulesAt, sgt } from "../setup/expiry-fixtures.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asJob, createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { DRIVER_NAME, prepareShopDatabase, type ShopDatabase } from "../setup/test-database.ts";

const RUNNER = path.resolve(import.meta.dirname, "../setup/expiry-maintenance-process.ts");
const MEMBERS = 30;
/** Version 2 switches expiry on (2 months), so every member below is due on 1 March 2030. */
const EXPIRY_ON = sgt("2030-01-01 00:00");
const EXPIRES_ON = "2030-03-01";
const RUN_AT = sgt("2030-03-01 00:05");

type Runner = { child: ChildProcess; exited: Promise<number | null>; said: (line: string) => Promise<string> };

describe(`points expiry killed mid-run (${DRIVER_NAME})`, () => {
  // On PGlite the processes open this folder in turn (one at a time, as PGlite allows).
  const dataDir = mkdtempSync(path.join(tmpdir(), "expiry-crash-"));
  let database: ShopDatabase | null = null;
  let open: DatabaseHandle | null = null;
  const db = () => {
    if (!open) throw new Error("the database is not open");
    return open.db;
  };
  const openShopDatabase = async () => {
    open = await openDatabase(database?.url ? { databaseUrl: database.url } : { dataDir });
  };
  const closeShopDatabase = async () => {
    await open?.close();
    open = null;
  };

  beforeAll(async () => {
    database = await prepareShopDatabase(dataDir);
  });
  afterAll(async () => {
    await closeShopDatabase();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startRunner(env: Record<string, string>): Runner {
    const child = spawn(process.execPath, [RUNNER], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", NOW: RUN_AT.toISOString(), ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      for (const wait of waiting) {
        const line = output.split("\n").find((candidate) => candidate.startsWith(wait.prefix));
        if (line !== undefined) wait.resolve(line);
      }
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const said = (prefix: string) =>
      Promise.race([
        new Promise<string>((resolve) => waiting.push({ prefix, resolve })),
        exited.then((code) => {
          throw new Error(`the maintenance process exited (${code}) without saying "${prefix}":\n${output}`);
        }),
      ]);
    return { child, exited, said };
  }

  const maintain = () =>
    runLoyaltyMaintenance(
      asJob(db(), () => RUN_AT),
      {},
    );

  /** Each member's `expired` entries and balance. */
  const expiryState = (ids: string[]) =>
    Promise.all(
      ids.map(async (id) => ({
        id,
        expiries: (await expiriesOf(db(), id)).map((entry) => entry.key),
        points: (await memberState(db(), id)).points,
      })),
    );

  it("writes each member's expiry exactly once across a kill -9 mid-transaction, runs at once and a restart", async () => {
    await openShopDatabase();
    const due: { id: string; email: string; points: number }[] = [];
    for (let n = 0; n < MEMBERS; n++) {
      const member = await createMember(db(), sgt("2029-06-01 10:00"));
      await creditAt(db(), member, n + 1, sgt("2029-09-01 10:00"));
      due.push({ ...member, points: 50 + n + 1 });
    }
    await publishRulesAt(db(), EXPIRY_ON, (rules) => ({ ...rules, expiry: { months: 2, warningDays: [30, 3] } }));
    await closeShopDatabase();

    // The run takes the members in id order (all expire on the same date): it dies inside the middle one's.
    due.sort((a, b) => a.id.localeCompare(b.id));
    const ids = due.map((member) => member.id);
    const stallAt = Math.floor(MEMBERS / 2);
    const first = startRunner({ STALL_MEMBER: ids[stallAt] ?? "" });
    await first.said("stalled");
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();

    await openShopDatabase();
    // The members before it are written off once; its uncommitted entry is gone with the process.
    expect(await expiryState(ids)).toEqual(
      due.map(({ id, points }, index) =>
        index < stallAt ? { id, expiries: [`expiry:${id}:${EXPIRES_ON}`], points: 0 } : { id, expiries: [], points },
      ),
    );
    await expectLedgerInvariant(db());

    // Two runs at once finish it: exactly the members the killed one had not committed, each once.
    const left = due.slice(stallAt);
    const recovery = await Promise.all([maintain(), maintain()]);
    expect(recovery.reduce((sum, run) => sum + run.points.expired, 0)).toBe(left.length);
    expect(recovery.reduce((sum, run) => sum + run.points.pointsExpired, 0)).toBe(
      left.reduce((sum, member) => sum + member.points, 0),
    );
    await closeShopDatabase();

    // A restarted process, and one more run after it, find nothing left to write off.
    const restarted = startRunner({});
    const done = JSON.parse((await restarted.said("done ")).slice("done ".length));
    expect(await restarted.exited).toBe(0);
    expect(done.points).toEqual({ expired: 0, pointsExpired: 0, warnings: 0 });
    await openShopDatabase();
    expect((await maintain()).points).toEqual({ expired: 0, pointsExpired: 0, warnings: 0 });

    expect(await expiryState(ids)).toEqual(ids.map((id) => ({ id, expiries: [`expiry:${id}:${EXPIRES_ON}`], points: 0 })));
    await expectLedgerInvariant(db());
  }, 180_000);
});
