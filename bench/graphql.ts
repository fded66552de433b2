/**
 * getMemberByEmailAndProviderTypeFast through POST /graphql (bearer token, request hash, the whole
 * member) against a plain JSON route doing the same database read in the same process, side by side
 * in one run. The ratio is what the GraphQL path (token check, hash, parse, validate, execute) costs.
 * Besides requests per second it reports the server's CPU time per request, which other load on the
 * machine disturbs far less.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { requestHash } from "../domain/shared/request-hash.ts";
import { GET_BY_EMAIL } from "../tests/setup/member-graphql.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
type Ready = { graphqlUrl: string; jsonUrl: string; cpuUrl: string; accessToken: string; email: string };
type Run = { label: string; requestsPerSecond: number; cpuMsPerRequest: number; p50: number; p99: number; errors: number };

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
const child = spawn(process.execPath, [path.join(import.meta.dirname, "graphql-server.ts")], {
  env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "inherit"],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  lines.on("line", (line) => {
    if (line.startsWith('{"graphqlUrl"')) resolve(JSON.parse(line) as Ready);
    else console.log(line);
  });
});

async function serverCpuMs(): Promise<number> {
  const usage = (await (await fetch(ready.cpuUrl)).json()) as { user: number; system: number };
  return (usage.user + usage.system) / 1000;
}

async function load(label: string, options: autocannon.Options): Promise<Run> {
  const cpuBefore = await serverCpuMs();
  const result = await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options });
  const cpuMs = (await serverCpuMs()) - cpuBefore;
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const variables = { email: ready.email, providerType: "google" };
const graphqlRequest: autocannon.Options = {
  url: ready.graphqlUrl,
  method: "POST",
  headers: {
    "content-type": "application/json",
    authorization: `Bearer ${ready.accessToken}`,
    "x-request-hash": requestHash(variables),
  },
  body: JSON.stringify({ query: GET_BY_EMAIL, variables }),
};
const jsonRequest: autocannon.Options = { url: ready.jsonUrl };

try {
  const check = await fetch(ready.graphqlUrl, graphqlRequest as RequestInit);
  const body = (await check.json()) as { data?: { getMemberByEmailAndProviderTypeFast?: { email?: string } } };
  if (body.data?.getMemberByEmailAndProviderTypeFast?.email !== ready.email) {
    throw new Error(`GraphQL did not return the member: ${JSON.stringify(body)}`);
  }
  await load("warm-up", { ...jsonRequest, duration: 2 });
  await load("warm-up", { ...graphqlRequest, duration: 2 });
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    runs.push(await load(`plain JSON route, round ${round}`, jsonRequest));
    runs.push(await load(`GraphQL getMemberByEmailAndProviderTypeFast, round ${round}`, graphqlRequest));
  }
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, embedded PGlite, the whole member (one ledger entry)\n`);
  console.log("| run | req/s | server CPU ms/request | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|");
  for (const r of runs) {
    console.log(`| ${r.label} | ${r.requestsPerSecond} | ${r.cpuMsPerRequest.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
  const of = (prefix: string) => runs.filter((r) => r.label.startsWith(prefix));
  const sum = (list: Run[], pick: (r: Run) => number) => list.reduce((total, r) => total + pick(r), 0);
  const throughput = sum(of("GraphQL"), (r) => r.requestsPerSecond) / sum(of("plain JSON"), (r) => r.requestsPerSecond);
  const cpu = sum(of("plain JSON"), (r) => r.cpuMsPerRequest) / sum(of("GraphQL"), (r) => r.cpuMsPerRequest);
  console.log(`\nthroughput ratio (GraphQL / plain JSON req/s): ${throughput.toFixed(2)} (target >= 0.70)`);
  console.log(`CPU ratio (plain JSON / GraphQL CPU per request): ${cpu.toFixed(2)}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
