/**
 * getMemberByEmailAndProviderTypeFast through POST /graphql (bearer token, request hash, the whole
 * member) against a plain JSON route doing the same database read in the same process, side by side
 * in one run. The ratio is what the GraphQL path (token check, hash, parse, validate, execute) costs.
 * Besides requests per second it reports the server's CPU time per request, which other load on the
 * machine disturbs far less.
 */
import path from "node:path";
import type autocannon from "autocannon";
import { requestHash } from "../domain/shared/request-hash.ts";
import { GET_BY_EMAIL } from "../tests/setup/member-graphql.ts";
import { type MeasuredRun, startBenchServer } from "./bench-server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
type Ready = { graphqlUrl: string; jsonUrl: string; cpuUrl: string; accessToken: string; email: string };
type Run = MeasuredRun;

const server = await startBenchServer<Ready>(path.join(import.meta.dirname, "graphql-server.ts"), "0");
const { ready } = server;
const load = (label: string, options: autocannon.Options) =>
  server.load(label, { duration: SECONDS, connections: CONNECTIONS, ...options });

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
  await server.stop();
}
