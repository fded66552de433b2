import path from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedPromotionCodes } from "../db/seed/promotions.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { catalogCachedByRevision } from "../domain/catalog/catalog-reader.ts";
import { readCatalogRevision } from "../domain/catalog/catalog-revision.ts";
import { createShop } from "../domain/shop.ts";
import { clientDirOf, createHttpApp } from "./app.ts";
import type { Config } from "./env.ts";
import { catalogRevisionSource } from "./http/catalog-revision-source.ts";
import { createIntegrations } from "./integrations.ts";
import { createLogger, type Logger } from "./logger.ts";

export const BUILD_DIR = path.resolve(import.meta.dirname, "../build");

export type RunningServer = { port: number; logger: Logger; database: DatabaseHandle; close: () => Promise<void> };

/** Opens (creating, migrating and seeding when needed) the database, then serves the shop. */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config);
  const started = performance.now();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL, onConnectionError: (err) => logger.error({ err }, "database connection error") }
      : { dataDir: config.DATA_DIR },
  );
  await seedCatalog(database.db);
  await seedPromotionCodes(database.db);
  const build = (await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  const integrations = createIntegrations(config, {
    db: database.db,
    logger,
    deliverWebhook: (rawBody, signature) => shop.checkout.receiveWebhook(rawBody, signature),
  });
  // One catalogue revision, kept current, decides when the catalogue and the page cache reload.
  const catalogRevision = await catalogRevisionSource(database, () => readCatalogRevision(database.db));
  const shop = createShop({
    db: database.db,
    catalog: catalogCachedByRevision(database.db, catalogRevision),
    ...integrations,
    env: config.APP_ENV,
    brandName: config.BRAND_NAME,
    publicUrl,
    onBackgroundError: (err, what) => logger.error({ err }, `failed: ${what}`),
  });
  await shop.checkout.sendPendingEmails();
  const app = createHttpApp({ config, logger, shop, build, clientDir: clientDirOf(BUILD_DIR), catalogRevision });
  const server = await listen(app.fetch, config);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { port, database: database.driver, ms: Math.round(performance.now() - started) },
    `shop ready at http://localhost:${port}`,
  );
  return {
    port,
    logger,
    database,
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await database.close();
    },
  };
}

function listen(fetch: (request: Request) => Response | Promise<Response>, config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.PORT, hostname: config.HOST }, () => resolve(server));
    server.once("error", reject);
  });
}
