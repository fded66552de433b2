import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cpuMilliseconds } from "./process-cpu.ts";

/**
 * The database a bench's shop runs on: PostgreSQL when the bench runs inside scripts/pg-test-cluster.sh
 * (which sets TEST_DATABASE_URL), else the embedded database in the shop's own data directory.
 */
export function benchDatabase(): { label: string; env: Record<string, string> } {
  const url = process.env.TEST_DATABASE_URL;
  return url ? { label: "PostgreSQL", env: { DATABASE_URL: url } } : { label: "embedded PGlite", env: {} };
}

export type LoadResult = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

/** Refuses a port something already listens on, whose answers would pass for the new shop's. */
async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
      .once("error", () => reject(new Error(`Port ${port} is taken: stop what listens there first.`)))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/**
 * Runs the built shop in its own process, so the load generator does not share its event loop.
 * `shopDir` is where the shop is checked out and built (another version, for a side-by-side run);
 * `prepare` fills its data directory before it starts (a grown catalogue, say).
 */
export async function startShopProcess(
  port: number,
  env: Record<string, string> = {},
  { shopDir = ".", prepare }: { shopDir?: string; prepare?: (dataDir: string) => Promise<void> } = {},
) {
  await ensurePortFree(port);
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  await prepare?.(dataDir);
  const child: ChildProcess = spawn(process.execPath, [path.join(shopDir, "server/index.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds the database, which takes a while on a busy machine.
  let ready = false;
  for (let attempt = 0; attempt < 480 && !ready; attempt++) {
    ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!ready) {
    child.kill("SIGTERM");
    throw new Error(`The shop did not start on ${baseUrl} within two minutes.`);
  }
  return {
    baseUrl,
    /** The shop's CPU time so far (user and system), from /proc: what a run cost it, whatever else the machine did. */
    cpuMs: () => cpuMilliseconds(child.pid ?? 0),
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function load(
  label: string,
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({ url, duration: options.seconds, connections: options.connections, headers: options.headers });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printTable(results: LoadResult[]): void {
  console.log("| run | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}
