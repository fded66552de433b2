import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port.ts";
import { type ShopProcess, startShopProcess } from "../setup/shop-process.ts";
import { DRIVER_NAME, prepareShopDatabase, type ShopDatabase } from "../setup/test-database.ts";
import { eventually } from "../setup/test-jobs.ts";

const DRAIN_SECONDS = 1;
/** Generous for a busy machine, and well under the 30 s after which a supervisor kills a process that does not stop. */
const STOPS_WITHIN_MS = (DRAIN_SECONDS + 10) * 1000;

type Reply = { status: number; connectionHeader: string | undefined; connection: number };

/** The first whole reply (with a Content-Length body) in `received`, and what follows it. */
function takeReply(received: Buffer): { status: number; connectionHeader: string | undefined; rest: Buffer } | null {
  const headEnd = received.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const [statusLine = "", ...lines] = received.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  const end = headEnd + 4 + Number(headers.get("content-length"));
  if (received.length < end) return null;
  return { status: Number(statusLine.split(" ")[1]), connectionHeader: headers.get("connection"), rest: received.subarray(end) };
}

/**
 * A client that keeps one kept-alive connection busy: the next request goes on it as soon as a reply
 * is in, whatever the reply said, and on a new connection only once the shop has closed the last one.
 * It stops when the shop takes no more connections.
 */
async function keepSending(port: number, address: string, replies: Reply[]): Promise<void> {
  for (let connection = 0; ; connection++) {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {}); // a refused or reset connection ends in "close" all the same
    const opened = await new Promise<boolean>((resolve) => {
      socket.once("connect", () => resolve(true));
      socket.once("close", () => resolve(false));
    });
    if (!opened) return;
    const send = () => socket.write(`GET ${address} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    let received: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (let reply = takeReply(received); reply; reply = takeReply(received)) {
        received = reply.rest;
        replies.push({ status: reply.status, connectionHeader: reply.connectionHeader, connection });
        send();
      }
    });
    send();
    await new Promise((resolve) => socket.once("close", resolve));
  }
}

/** A connection left open with nothing under way, after one reply or before any request; tells `happened` when it closes. */
async function idleConnection(port: number, askFirst: boolean, happened: string[]): Promise<void> {
  const socket = net.connect(port, "127.0.0.1");
  socket.once("close", () => happened.push("idle connection closed"));
  await new Promise((resolve) => socket.once("connect", resolve));
  if (askFirst) {
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((resolve) => socket.once("data", resolve));
  }
}

describe(`a stopping shop process (${DRIVER_NAME})`, () => {
  let dataDir = "";
  let database: ShopDatabase;
  let shop: ShopProcess;
  let port = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-drain-"));
    database = await prepareShopDatabase(dataDir);
    port = await freePort();
    shop = await startShopProcess(port, {
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      APP_ENV: "test",
      LOG_LEVEL: "info",
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
  }, 120_000);

  afterAll(async () => {
    shop?.child.kill("SIGKILL");
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("closes each connection after a reply once told to stop, closes idle ones, and exits though a client keeps sending", async () => {
    const happened: string[] = [];
    void shop.exited.then(() => happened.push("exited"));
    await idleConnection(port, true, happened);
    await idleConnection(port, false, happened);
    const replies: Reply[] = [];
    const sending = keepSending(port, "/readyz", replies);
    await eventually(
      async () => replies.length,
      (count) => count >= 3,
    );

    shop.child.kill("SIGTERM");
    const exit = await Promise.race([shop.exited.then((code) => ({ code })), sleep(STOPS_WITHIN_MS).then(() => "still running")]);
    expect(exit).toEqual({ code: 0 });
    await sending;
    // The idle connections were closed by the shop, not by its exit.
    expect(happened).toEqual(["idle connection closed", "idle connection closed", "exited"]);

    const kept = replies.filter((reply) => reply.status === 200);
    const stopping = replies.filter((reply) => reply.status === 503);
    expect(kept.every((reply) => reply.connection === 0 && reply.connectionHeader === "keep-alive")).toBe(true);
    expect(stopping.length).toBeGreaterThan(0);
    expect(stopping.every((reply) => reply.connectionHeader === "close")).toBe(true);
    // Each such reply was the last on its connection, though the client sent the next request on it.
    const connectionsOfStopping = stopping.map((reply) => reply.connection);
    expect(new Set(connectionsOfStopping).size).toBe(connectionsOfStopping.length);
  }, 60_000);
});
