import { mkdirSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const LOCK_FILE = "pglite.lock";
/** The longest socket path every platform the shop runs on accepts (macOS: 104 bytes with the final NUL). */
const MAX_SOCKET_PATH_BYTES = 103;

/** Another process (a running shop, a backup or a restore) holds the embedded database's folder. */
export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
  constructor(dataDir: string, holderPid: number | null) {
    super(
      `The embedded database in ${dataDir} is in use by another process${holderPid ? ` (pid ${holderPid})` : ""}, most likely the running shop.`,
    );
  }
}

export type DataDirLock = { release: () => Promise<void> };

/**
 * Holds DATA_DIR's embedded database for this process. PGlite is one process by nature, and a second
 * opener (another shop, a backup copying the files) would read or corrupt it mid-write. The lock is a
 * Unix socket this process listens on, `DATA_DIR/pglite.lock`: the kernel ends it with the process,
 * so a crash leaves a file nobody answers on, which the next opener takes over; a live holder answers
 * with its pid.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const socketPath = path.join(dir, LOCK_FILE);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    const longest = MAX_SOCKET_PATH_BYTES - LOCK_FILE.length - 1;
    throw new Error(`DATA_DIR is too long a path for its lock (${socketPath}): use one of at most ${longest} characters.`);
  }
  mkdirSync(dir, { recursive: true });
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  server.unref();
  try {
    await listen(server, socketPath);
  } catch (error) {
    if (!isCode(error, "EADDRINUSE")) {
      throw new Error(`Cannot hold the embedded database's folder through ${socketPath}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const holder = await holderOf(socketPath);
    if (holder !== "nobody") throw new DataDirBusyError(dir, holder);
    unlinkSync(socketPath);
    await listen(server, socketPath);
  }
  return {
    // Closing the listener removes its file too.
    release: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** A holder that is busy (its event loop blocked) still holds the lock: the pid is only waited for this long. */
const PID_WAIT_MS = 1_000;

/** The pid of the process holding the lock, null when it does not say, "nobody" for a stale file. */
function holderOf(socketPath: string): Promise<number | null | "nobody"> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(socketPath);
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      setTimeout(() => {
        socket.destroy();
        resolve(null);
      }, PID_WAIT_MS).unref();
    });
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => {
      const pid = Number.parseInt(answer, 10);
      resolve(Number.isInteger(pid) && pid > 0 ? pid : null);
    });
    socket.on("error", (error) => (isCode(error, "ECONNREFUSED") || isCode(error, "ENOENT") ? resolve("nobody") : reject(error)));
  });
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
