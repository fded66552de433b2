import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

/** Linux's USER_HZ, the unit of CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;

export type LoadResult = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

/**
 * Runs the built shop in its own process, so the load generator does not share its event loop.
 * `shopDir` is where the shop is checked out and built (another version, for a side-by-side run).
 */
export async function startShopProcess(port: number, env: Record<string, string> = {}, shopDir = ".") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
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
    ready = await fetch(`${baseUrl}/healthz`).then(
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
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    },
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
