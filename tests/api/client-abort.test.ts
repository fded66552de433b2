import { connect } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

type LogLine = { level: number; requestId?: string; msg: string; status?: number };

describe("a client that goes away before its page is complete", () => {
  let shop: TestServer;
  const lines: LogLine[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n")) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });

  beforeAll(async () => {
    shop = await startTestServer({ LOG_LEVEL: "info" }, { logTo: log });
  });
  afterAll(() => shop.close());

  /** Sends a request on a raw socket and destroys the socket once `whileWaiting` says so, reading nothing. */
  function abandon(path: string, headers: Record<string, string>, whileWaiting: () => Promise<void>): Promise<void> {
    const { port } = new URL(shop.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${head.join("")}\r\n`);
        whileWaiting().then(() => {
          socket.destroy();
          resolve();
        }, reject);
      });
      socket.on("error", reject);
    });
  }

  it("is logged as a closed request (499), not as a failed one", async () => {
    const added = await fetch(`${shop.baseUrl}/bag`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=add&optionId=op-m8_ba-1b&quantity=1",
    });
    const bag = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(bag).toMatch(/^bag=/);
    const requestId = "client-goes-away-0001";

    // The bag page waits for its bag while the table is locked; the client leaves meanwhile.
    const db = shop.server.database.db;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locked = db.transaction(async (tx) => {
      await tx.execute(sql`lock table bag_lines in access exclusive mode`);
      await released;
    });
    await abandon("/bag", { cookie: bag, "x-request-id": requestId }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await locked;

    const mine = () => lines.filter((line) => line.requestId === requestId);
    const closed = await eventually(
      async () => mine().find((line) => line.msg === "client closed the request"),
      (line) => line !== undefined,
    );
    expect(closed).toMatchObject({ level: 30, status: 499 });
    expect(mine().filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.msg === "request failed")).toEqual([]);
  });
});
