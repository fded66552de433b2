/** CPU time of processes from /proc, for benchmarks that report CPU per request beside throughput. */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / Number(process.env.CLK_TCK ?? 100);

/** utime, stime, cutime, cstime of a process, in clock ticks; zeros once it has gone. */
function ticks(pid: string | number): [number, number, number, number] {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return [Number(fields[11]), Number(fields[12]), Number(fields[13]), Number(fields[14])];
  } catch {
    return [0, 0, 0, 0];
  }
}

export function parentOf(pid: string | number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
  } catch {
    return 0;
  }
}

export function cpuMilliseconds(pid: number): number {
  if (!pid) return 0;
  const [user, system] = ticks(pid);
  return (user + system) * TICK_MS;
}

/**
 * A PostgreSQL cluster's CPU: the postmaster's own and its finished children's time (backends of
 * closed pool connections), plus every live backend's, so the sum never goes back.
 */
export function postgresCpuMilliseconds(postmaster: number): number {
  if (!postmaster) return 0;
  let total = ticks(postmaster).reduce((a, b) => a + b, 0);
  for (const pid of readdirSync("/proc")) {
    if (/^\d+$/.test(pid) && parentOf(pid) === postmaster) {
      const [user, system] = ticks(pid);
      total += user + system;
    }
  }
  return total * TICK_MS;
}
