import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";

export type Started = { name: string; child: ChildProcess; log: string };

/** Everything the rehearsal started, newest last: stopped in reverse order. */
const started: Started[] = [];

/** Starts a long-running process with only the given environment (and PATH, HOME), its output in `{logDir}/{name}.log`. */
export function startProcess(
  logDir: string,
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): Started {
  const log = path.join(logDir, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const entry = { name, child, log };
  started.push(entry);
  return entry;
}

/** Whether the process is still running (not exited, not killed). */
export function isRunning({ child }: Started): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Stops every started process (SIGTERM, then SIGKILL after a grace period), newest first. */
export async function stopAll(graceMs = 10_000): Promise<void> {
  for (const entry of [...started].reverse()) {
    if (!isRunning(entry)) continue;
    // "close": the process has exited and its output is all in the log.
    const exited = new Promise((resolve) => entry.child.once("close", resolve));
    entry.child.kill("SIGTERM");
    const timer = setTimeout(() => entry.child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

/** Waits until `check` answers true, failing when the process behind it exits or time runs out. */
export async function waitUntil(what: string, check: () => Promise<boolean>, process?: Started, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && !isRunning(process)) throw new Error(`${what}: the process exited (see ${process.log})`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

/** The status of a GET, trusting `ca` for https addresses. */
export function statusOf(url: string, ca?: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    const request = get(url, { ca, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
}

/** The last lines of a log file. */
export async function tail(file: string, lines = 40): Promise<string> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
