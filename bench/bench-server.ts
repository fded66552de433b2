/**
 * A bench server script run in its own process (the shop plus routes only a benchmark opens): it
 * prints one JSON line once ready, with a `cpuUrl` that reports the process's own CPU time, so
 * each load run can give the server's CPU per request beside its rate.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

export type MeasuredRun = {
  label: string;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
};

export async function startBenchServer<Ready extends { cpuUrl: string }>(script: string, port: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: "production", PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on("line", (line) => {
      // The ready line is the one naming the CPU route; log lines are JSON too.
      if (line.startsWith("{") && line.includes('"cpuUrl"')) resolve(JSON.parse(line) as Ready);
      else console.log(line);
    });
  });

  const serverCpuMs = async () => {
    const usage = (await (await fetch(ready.cpuUrl)).json()) as { user: number; system: number };
    return (usage.user + usage.system) / 1000;
  };

  return {
    ready,
    async load(label: string, options: autocannon.Options): Promise<MeasuredRun> {
      const cpuBefore = await serverCpuMs();
      const result = await autocannon(options);
      const cpuMs = (await serverCpuMs()) - cpuBefore;
      return {
        label,
        requestsPerSecond: Math.round(result.requests.average),
        cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      };
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
