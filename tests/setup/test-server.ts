import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/env.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import { prepareShopDatabase } from "./test-database.ts";

export type TestServer = { baseUrl: string; dataDir: string; server: RunningServer; close: () => Promise<void> };

/** The real shop (built app, HTTP, database) on a random port with a database of its own. */
export async function startTestServer(
  settings: Record<string, string> = {},
  options: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-test-"));
  const database = await prepareShopDatabase(dataDir);
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    APP_ENV: "test",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...settings,
  });
  const server = await startServer(config, options);
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    dataDir,
    server,
    close: async () => {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
