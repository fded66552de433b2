/**
 * Points-ledger writes per second on PostgreSQL: recordPointEntry (an entry with its idempotency key
 * and the balance moved, in one transaction, as every points change in the shop is written) against
 * the plainest balance change there is, `update members set points = points + 1 where id = …`, from
 * the same number of concurrent clients in the same run. Two shapes: every client on its own member,
 * and every client on one member (the row lock serialises them).
 * Run through `npm run bench:loyalty`, which starts a throwaway PostgreSQL 15 cluster.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.ts";
import { members } from "../db/schema/members.ts";
import { recordPointEntry } from "../domain/loyalty/points/point-ledger.ts";
import { testContext } from "../tests/setup/operation-context.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 50;
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run bench:loyalty`.");

// The shop's own pool keeps 10 connections; here every client gets one, so the database is what is measured.
const migrated = await openDatabase({ databaseUrl });
await migrated.close();
const pool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS });
const db = drizzle(pool) as unknown as Database;
// No webhook endpoint exists here, so the ledger's events queue nothing and the job queue is never reached.
const { jobs } = testContext(db);

async function newMembers(count: number): Promise<{ id: string; email: string }[]> {
  const rows = Array.from({ length: count }, () => {
    const id = randomUUID();
    return { id, email: `bench-${id}@example.com` };
  });
  await db.insert(members).values(rows.map((row) => ({ ...row, name: "Bench Member" })));
  return rows;
}

type Step = (client: number, n: number) => Promise<void>;

async function measure(label: string, step: Step) {
  // Warm-up, all at once, so every client's connection is open before the clock starts.
  await Promise.all(Array.from({ length: CLIENTS }, (_, client) => step(client, -1)));
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        await step(client, n);
        latencies.push(performance.now() - t0);
        done++;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return { label, perSecond: done / SECONDS, p50: at(0.5), p99: at(0.99) };
}

/** A ledger entry through the domain: credits (keyed) and debits of 1 point in turn, each in its own transaction. */
function ledgerStep(memberOf: (client: number) => { id: string; email: string }, run: string): Step {
  return (client, n) => {
    const member = memberOf(client);
    const credit = n % 2 !== 1;
    return db.transaction(async (tx) => {
      await recordPointEntry(tx, jobs, {
        memberId: member.id,
        email: member.email,
        kind: credit ? "manual-credit" : "manual-debit",
        transactionType: credit ? "credit" : "debit",
        programmeVersion: 1,
        points: 1,
        idempotencyKey: credit ? `bench:${run}:${client}:${n}` : null,
        at: new Date(),
      });
    });
  };
}

function plainStep(memberOf: (client: number) => { id: string }): Step {
  return async (client) => {
    await db.execute(sql`update members set points = points + 1 where id = ${memberOf(client).id}`);
  };
}

async function ledgerHolds(ids: string[]): Promise<boolean> {
  const result = (await db.execute(sql`
    select count(*)::int as broken from members m
    where m.id in ${ids} and m.points <> coalesce((select sum(case when t.transaction_type = 'credit' then t.points else -t.points end)
      from point_transactions t where t.member_id = m.id), 0)`)) as { rows: { broken: number }[] };
  return result.rows[0]?.broken === 0;
}

try {
  const ledgerOwn = await newMembers(CLIENTS);
  const plainOwn = await newMembers(CLIENTS);
  const [ledgerHot] = await newMembers(1);
  const [plainHot] = await newMembers(1);
  if (!ledgerHot || !plainHot) throw new Error("no members");
  const own = (list: { id: string; email: string }[]) => (client: number) => list[client] ?? ledgerHot;

  const runs = [
    await measure("plain update, a member per client", plainStep(own(plainOwn))),
    await measure("recordPointEntry, a member per client", ledgerStep(own(ledgerOwn), "own")),
    await measure(
      "plain update, one member for all",
      plainStep(() => plainHot),
    ),
    await measure(
      "recordPointEntry, one member for all",
      ledgerStep(() => ledgerHot, "hot"),
    ),
  ];
  console.log(`${CLIENTS} concurrent clients, ${SECONDS} s each, PostgreSQL 15\n`);
  console.log("| run | ops/s | p50 ms | p99 ms |\n|---|---:|---:|---:|");
  for (const run of runs) console.log(`| ${run.label} | ${run.perSecond.toFixed(0)} | ${run.p50} | ${run.p99} |`);
  const [plainA, ledgerA, plainB, ledgerB] = runs;
  if (plainA && ledgerA && plainB && ledgerB) {
    console.log(`\nledger / plain update, a member per client: ${(ledgerA.perSecond / plainA.perSecond).toFixed(2)}`);
    console.log(`ledger / plain update, one member for all: ${(ledgerB.perSecond / plainB.perSecond).toFixed(2)}`);
  }
  const ids = [...ledgerOwn.map((member) => member.id), ledgerHot.id];
  console.log(`ledger members' balances equal their entries: ${(await ledgerHolds(ids)) ? "yes" : "NO"}`);
} finally {
  await pool.end();
}
