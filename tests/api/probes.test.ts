import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "../../db/client.ts";
import { loadConfig } from "../../server/env.ts";
import { startServer } from "../../server/start.ts";
import { openTestDatabase, TEST_DATABASE_URL } from "../setup/test-database.ts";
import { startTestServer } from "../setup/test-server.ts";

/** Starting the shop (migrating a new database) takes a while on a busy machine. */
const STARTS = 120_000;

const get = (url: string) => fetch(url, { headers: { accept: "text/html" }, redirect: "manual" });

describe("liveness and readiness", () => {
  it(
    "from the moment a shutdown starts, readiness answers 503 while liveness and pages still answer, then the port closes",
    async () => {
      const logged: { level: number; path?: string; status?: number }[] = [];
      const logTo = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString("utf8").split("\n")) if (line) logged.push(JSON.parse(line));
          done();
        },
      });
      const shop = await startTestServer({ SHUTDOWN_DRAIN_SECONDS: "3", LOG_LEVEL: "info" }, { logTo });
      const ready = await get(`${shop.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, state: "ready" });
      expect(ready.headers.get("cache-control")).toBe("no-store");

      const closing = shop.close();
      const [readiness, liveness, page] = await Promise.all(
        ["/readyz", "/healthz", "/shop"].map((address) => get(`${shop.baseUrl}${address}`)),
      );
      expect(readiness?.status).toBe(503);
      expect(await readiness?.json()).toEqual({ ready: false, state: "stopping" });
      expect(liveness?.status).toBe(200);
      expect(page?.status).toBe(200);
      await closing;
      await expect(get(`${shop.baseUrl}/healthz`)).rejects.toThrow();
    },
    STARTS,
  );

  // PostgreSQL lets the test hold the migration lock, so the shop is caught starting for sure.
  it.runIf(TEST_DATABASE_URL)(
    "answers 503 to readiness and pages while the database migrates, 200 to liveness",
    async () => {
      const database = await openTestDatabase();
      const holder = new pg.Client({ connectionString: database.url ?? "" });
      await holder.connect();
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const dataDir = mkdtempSync(path.join(tmpdir(), "shop-probes-"));
      const port = await freePort();
      const config = loadConfig({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url ?? "",
        LOG_LEVEL: "silent",
        APP_ENV: "test",
      });
      const starting = startServer(config);
      const base = `http://127.0.0.1:${port}`;
      try {
        const liveness = await firstAnswer(`${base}/healthz`);
        expect(liveness.status).toBe(200);
        const readiness = await get(`${base}/readyz`);
        expect(readiness.status).toBe(503);
        expect(await readiness.json()).toEqual({ ready: false, state: "starting" });
        const page = await get(`${base}/shop`);
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("1");
      } finally {
        await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        await holder.end();
      }
      const server = await starting;
      expect((await get(`${base}/readyz`)).status).toBe(200);
      expect((await get(`${base}/shop`)).status).toBe(200);
      await server.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    STARTS,
  );
});

/** The first answer from an address whose listener may not be up yet. */
async function firstAnswer(url: string): Promise<Response> {
  for (;;) {
    try {
      return await get(url);
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== "ECONNREFUSED") throw error;
      await sleep(100);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
