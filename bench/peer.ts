/**
 * The shop against a stock Vendure 3.7.3 on the same PostgreSQL 15, side by side: within every round
 * each scenario runs once (the order reversed on even rounds), and the summary gives each shop
 * scenario's rate as a ratio of Vendure's in the same round, with CPU time per request, which other
 * load on the machine disturbs far less; a scenario of several requests per need (the form post and
 * the bag page) counts needs. Run through `npm run bench:peer` (bench/peer.sh).
 * Env: ROUNDS (3), DURATION (12 s), WARMUP (3 s), CONNECTIONS (10), GROUPS (list,product,add).
 */
import { loadavg } from "node:os";
import autocannon, { type Options, type Result } from "autocannon";
import { failures, resetFailures, type Scenario, scenarios } from "./peer-scenarios.ts";
import { cpuMilliseconds, postgresCpuMilliseconds } from "./process-cpu.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 12);
const WARMUP = Number(process.env.WARMUP ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const GROUPS = (process.env.GROUPS ?? "list,product,add").split(",");
const pids = {
  shop: Number(process.env.SHOP_PID),
  render: Number(process.env.RENDER_PID),
  vendure: Number(process.env.VENDURE_PID),
  postgres: Number(process.env.PG_PID),
};

type Row = { round: number; key: string; rps: number; p50: number; p99: number; failed: number; appCpu: number; pgCpu: number };

const groups = await scenarios({
  shop: process.env.SHOP_URL ?? "http://127.0.0.1:3410",
  render: process.env.RENDER_URL ?? "http://127.0.0.1:3411",
  vendure: process.env.VENDURE_URL ?? "http://127.0.0.1:3100/shop-api",
  connections: CONNECTIONS,
});

function run(options: Partial<Options>, seconds: number): Promise<Result> {
  return autocannon({ connections: CONNECTIONS, duration: seconds, ...options } as Options);
}

async function measure(round: number, scenario: Scenario): Promise<Row> {
  const options = await scenario.options();
  if (WARMUP > 0) await run(options, WARMUP);
  resetFailures();
  const pid = scenario.side === "vendure" ? pids.vendure : scenario.process === "render" ? pids.render : pids.shop;
  const app0 = cpuMilliseconds(pid);
  const pg0 = postgresCpuMilliseconds(pids.postgres);
  const result = await run(options, DURATION);
  // Rates and CPU are per unit of the need: a form post and the bag page it leads to are one add.
  const perUnit = scenario.requestsPerUnit ?? 1;
  const requests = Math.max(1, result.requests.total / perUnit);
  return {
    round,
    key: scenario.key,
    rps: Math.round(result.requests.average / perUnit),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: failures + result.errors + result.timeouts + result.non2xx - result["3xx"],
    appCpu: (cpuMilliseconds(pid) - app0) / requests,
    pgCpu: (postgresCpuMilliseconds(pids.postgres) - pg0) / requests,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

console.log(`autocannon -c ${CONNECTIONS} -d ${DURATION}s (+${WARMUP}s warm-up), ${ROUNDS} rounds, groups ${GROUPS.join(",")}`);
for (const group of GROUPS) for (const s of groups[group] ?? []) console.log(`  ${s.key}: ${s.title}`);
const rows: Row[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const group of GROUPS) {
    const list = groups[group] ?? [];
    for (const scenario of round % 2 ? list : [...list].reverse()) {
      const load1 = loadavg()[0]?.toFixed(2);
      const row = await measure(round, scenario);
      rows.push(row);
      console.log(
        `r${round} ${row.key.padEnd(18)} load ${load1}  ${row.rps} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  CPU/req ${row.appCpu.toFixed(2)} + PG ${row.pgCpu.toFixed(2)} ms  failed ${row.failed}`,
      );
    }
  }
}

console.log(
  "\n| scenario | req/s median (min–max) | p50 ms | p99 ms | app CPU ms/req | PG CPU ms/req | failed |\n|---|---:|---:|---:|---:|---:|---:|",
);
for (const key of new Set(rows.map((r) => r.key))) {
  const rs = rows.filter((r) => r.key === key);
  const rps = rs.map((r) => r.rps);
  console.log(
    `| ${key} | ${median(rps)} (${Math.min(...rps)}–${Math.max(...rps)}) | ${median(rs.map((r) => r.p50))} | ${median(rs.map((r) => r.p99))} | ${median(rs.map((r) => r.appCpu)).toFixed(2)} | ${median(rs.map((r) => r.pgCpu)).toFixed(2)} | ${rs.reduce((a, r) => a + r.failed, 0)} |`,
  );
}
console.log(
  "\n| shop / Vendure | req/s ratio per round | median | CPU per request, Vendure / shop, median |\n|---|---|---:|---:|",
);
for (const group of GROUPS) {
  const list = groups[group] ?? [];
  const peer = list.find((s) => s.side === "vendure");
  if (!peer) continue;
  for (const s of list.filter((s) => s.side === "shop")) {
    const pairs = rows
      .filter((r) => r.key === s.key)
      .map((x) => [x, rows.find((r) => r.round === x.round && r.key === peer.key) as Row] as const);
    const ratios = pairs.map(([x, v]) => x.rps / v.rps);
    const cpu = pairs.map(([x, v]) => (v.appCpu + v.pgCpu) / Math.max(0.01, x.appCpu + x.pgCpu));
    console.log(
      `| ${s.key} / ${peer.key} | ${ratios.map((r) => r.toFixed(2)).join(", ")} | ${median(ratios).toFixed(2)} | ${median(cpu).toFixed(2)} |`,
    );
  }
}
