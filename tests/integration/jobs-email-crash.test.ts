import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRIVER_NAME, prepareShopDatabase, type ShopDatabase } from "../setup/test-database.ts";
import { eventually } from "../setup/test-jobs.ts";

const WORKER = path.resolve(import.meta.dirname, "../setup/email-worker-process.ts");
const ORDERS = 3;

/** An SMTP server that, while `stalling`, takes whole messages and never answers them. */
function recordingSmtpServer() {
  const received: string[] = [];
  const state = { stalling: true };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(/^Message-ID: (.+?)\r?$/im.exec(Buffer.concat(chunks).toString("utf8"))?.[1] ?? "");
        if (!state.stalling) callback();
      });
    },
  });
  // The worker is killed mid-send on purpose, so its connection may end in a reset; anything else is a failure.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  return { server, received, state };
}

type Worker = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

describe(`an email worker killed mid-send (${DRIVER_NAME})`, () => {
  // On PGlite the workers open this folder in turn (one process at a time, as PGlite allows).
  const dataDir = mkdtempSync(path.join(tmpdir(), "email-crash-"));
  const smtp = recordingSmtpServer();
  let smtpUrl = "";
  let database: ShopDatabase | null = null;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.server.address() as AddressInfo).port}`;
    database = await prepareShopDatabase(dataDir);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startWorker(env: Record<string, string> = {}): Worker {
    const child = spawn(process.execPath, [WORKER], {
      env: { ...process.env, SMTP_URL: smtpUrl, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it("is sent again after a restart under the same Message-ID: one message per order, none lost", async () => {
    const first = startWorker({ ORDERS: String(ORDERS) });
    // The mail server has a whole message; the worker waits for its answer, and dies.
    await eventually(
      async () => smtp.received.length,
      (count) => count >= 1,
      60_000,
    );
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    const takenBeforeTheCrash = [...smtp.received];
    const outboxIds = [...first.output().matchAll(/^outbox (\S+)$/gm)].map((match) => match[1]);
    expect(outboxIds).toHaveLength(ORDERS);

    smtp.state.stalling = false;
    const second = startWorker();
    // It exits 0 only once every outbox email is marked sent.
    expect(await second.exited).toBe(0);

    const expected = outboxIds.map((id) => `<${id}@nectarlab.test>`).sort();
    expect([...new Set(smtp.received)].sort()).toEqual(expected);
    // What the server took before the crash came again, as the same message.
    for (const messageId of takenBeforeTheCrash) expect(smtp.received.filter((id) => id === messageId)).toHaveLength(2);
  }, 150_000);
});
