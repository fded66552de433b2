/**
 * Flat cost as a member's point history grows: the whole member through GraphQL
 * (getMemberByEmailAndProviderTypeFast, every field as a SPEC.md §7 client asks) and the /member page,
 * each for a member with 10 point entries and one with 10,000, in alternating rounds in one run.
 * Prints requests per second, latency and reply size, and the 10,000 / 10 ratio of time per request
 * (target: within 1.5).
 */
import path from "node:path";
import type autocannon from "autocannon";
import { requestHash } from "../domain/shared/request-hash.ts";
import { GET_BY_EMAIL } from "../tests/setup/member-graphql.ts";
import { type MeasuredRun, startBenchServer } from "./bench-server.ts";
import type { BenchMember } from "./member-history-server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = process.env.BENCH_PORT ?? "3313";

type Ready = { baseUrl: string; cpuUrl: string; members: BenchMember[] };
type Run = MeasuredRun & { bytes: number };

const server = await startBenchServer<Ready>(path.join(import.meta.dirname, "member-history-server.ts"), PORT);
const { ready } = server;

function graphqlRequest(member: BenchMember): autocannon.Options {
  const variables = { email: member.email, providerType: "google" };
  return {
    url: `${ready.baseUrl}/graphql`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${member.accessToken}`,
      "x-request-hash": requestHash(variables),
    },
    body: JSON.stringify({ query: GET_BY_EMAIL, variables }),
  };
}

function pageRequest(member: BenchMember): autocannon.Options {
  return { url: `${ready.baseUrl}/member`, headers: { cookie: member.cookie, "accept-encoding": "identity" } };
}

/** One request first: the right member and page, and the size of its reply. */
async function replyBytes(options: autocannon.Options, expect: string): Promise<number> {
  const response = await fetch(options.url, {
    method: options.method ?? "GET",
    headers: options.headers as Record<string, string>,
    body: options.body as string | undefined,
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(expect)) {
    throw new Error(`${options.url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return Buffer.byteLength(text);
}

async function load(label: string, options: autocannon.Options, bytes: number): Promise<Run> {
  return { ...(await server.load(label, { duration: SECONDS, connections: CONNECTIONS, ...options })), bytes };
}

const cases = ready.members.flatMap((member) => [
  { label: `GraphQL whole member, ${member.entries} entries`, options: graphqlRequest(member), expect: member.email },
  { label: `/member page, ${member.entries} entries`, options: pageRequest(member), expect: "Point history" },
]);

try {
  const sizes = new Map<string, number>();
  for (const { label, options, expect } of cases) sizes.set(label, await replyBytes(options, expect));
  for (const { options } of cases) await load("warm-up", { ...options, duration: 1 }, 0);
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { label, options } of cases) runs.push(await load(`${label}, round ${round}`, options, sizes.get(label) ?? 0));
  }
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, embedded PGlite\n`);
  console.log("| run | req/s | server CPU ms/request | p50 ms | p99 ms | reply bytes | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of runs) {
    const cpu = r.cpuMsPerRequest.toFixed(2);
    console.log(`| ${r.label} | ${r.requestsPerSecond} | ${cpu} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.errors} |`);
  }
  const total = (label: string, pick: (r: Run) => number) =>
    runs.filter((r) => r.label.startsWith(label)).reduce((sum, r) => sum + pick(r), 0);
  console.log("");
  for (const surface of ["GraphQL whole member", "/member page"]) {
    const [small, large] = [`${surface}, 10 entries`, `${surface}, 10000 entries`];
    const time =
      total(small, (r) => r.requestsPerSecond) /
      Math.max(
        1,
        total(large, (r) => r.requestsPerSecond),
      );
    const cpu = total(large, (r) => r.cpuMsPerRequest) / total(small, (r) => r.cpuMsPerRequest);
    console.log(
      `${surface}, 10,000 entries / 10 entries: time per request ${time.toFixed(2)}, server CPU per request ${cpu.toFixed(2)} (target <= 1.5)`,
    );
  }
} finally {
  await server.stop();
}
