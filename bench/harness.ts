import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export type LoadResult = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

/** Runs the built shop in its own process, so the load generator does not share its event loop. */
export async function startShopProcess(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
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
