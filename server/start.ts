import path from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedPromotionCodes } from "../db/seed/promotions.ts";
import { seedRewards } from "../db/seed/rewards.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { catalogCachedByRevision } from "../domain/catalog/catalog-reader.ts";
import { readCatalogRevision } from "../domain/catalog/catalog-revision.ts";
import { holidayDataWarnings, yearsInEstimateReach } from "../domain/delivery/holiday-coverage.ts";
import type { ShopServices } from "../domain/shared/context.ts";
import { createEmbeddedProvider } from "../integrations/identity/embedded-provider/provider.ts";
import { embeddedProviderRoutes } from "../integrations/identity/embedded-provider/routes.ts";
import { createOidcIdentityClient, identityProviderSettings } from "../integrations/identity/oidc-client.ts";
import { clientDirOf, createHttpApp } from "./app.ts";
import { catalogRevisionSource } from "./catalog-revision-source.ts";
import { type Config, ownerEmailsOf, supplierOf } from "./env.ts";
import { createIntegrations } from "./integrations.ts";
import { openJobs } from "./jobs.ts";
import { createLogger, type LogDestination, type Logger } from "./logger.ts";

export const BUILD_DIR = path.resolve(import.meta.dirname, "../build");

export type RunningServer = {
  port: number;
  publicUrl: string;
  logger: Logger;
  database: DatabaseHandle;
  /** The embedded OpenID Provider, when no OIDC_ISSUER is configured (never in production). */
  identityProvider: { issuer: string; clientId: string; clientSecret: string } | null;
  close: () => Promise<void>;
};

/** Opens (creating, migrating and seeding when needed) the database, then serves the shop. */
export async function startServer(config: Config, options: { logTo?: LogDestination } = {}): Promise<RunningServer> {
  const logger = createLogger(config, options.logTo);
  const started = performance.now();
  for (const warning of holidayDataWarnings(yearsInEstimateReach(new Date()))) logger.warn(`delivery estimate: ${warning}`);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL, onConnectionError: (err) => logger.error({ err }, "database connection error") }
      : { dataDir: config.DATA_DIR },
  );
  await seedCatalog(database.db);
  await seedPromotionCodes(database.db);
  await seedRewards(database.db);
  const jobs = await openJobs({ database, databaseUrl: config.DATABASE_URL, logger });
  const build = (await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild;
  // Listening first gives the real port (PORT=0 picks one), which the default public address needs.
  let handle: FetchHandler = () => new Response("Starting", { status: 503, headers: { "Retry-After": "1" } });
  const server = await listen((request, env) => handle(request, env), config);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const publicUrl = publicUrlOf(config, port);
  // Without a hosted user pool, the shop's own OpenID Provider stands in for it (never in production).
  const embeddedProvider =
    !config.OIDC_ISSUER && config.APP_ENV !== "production"
      ? await createEmbeddedProvider({
          db: database.db,
          appEnv: config.APP_ENV,
          publicUrl,
          clientId: config.OIDC_CLIENT_ID,
          accessTokenTtlSeconds: config.EMBEDDED_IDP_ACCESS_TOKEN_TTL,
          trustProxy: config.TRUSTED_PROXY_HOPS > 0,
          onServerError: (err) => logger.error({ err }, "embedded identity provider error"),
        })
      : null;
  const identityOptions = {
    ...identityProviderOf(config, embeddedProvider),
    publicUrl,
    callbackTrailingSlash: config.APP_ENV === "staging" || config.APP_ENV === "production",
  };
  const identity = createOidcIdentityClient(identityOptions);
  const integrations = createIntegrations(config, {
    db: database.db,
    logger,
    jobs: jobs.queue,
  });
  // One catalogue revision, kept current, decides when the catalogue and the page cache reload.
  const catalogRevision = await catalogRevisionSource(database, () => readCatalogRevision(database.db));
  const catalog = catalogCachedByRevision(database.db, catalogRevision, logger);
  const services: ShopServices = {
    db: database.db,
    catalog,
    ...integrations,
    identity,
    jobs: jobs.queue,
    settings: {
      env: config.APP_ENV,
      brandName: config.BRAND_NAME,
      publicUrl,
      supplier: supplierOf(config),
      adminEmail: config.ADMIN_EMAIL ?? null,
      ownerEmails: ownerEmailsOf(config),
    },
    now: () => new Date(),
    debug: config.DEBUG_TOOLS,
  };
  const app = createHttpApp({
    config,
    logger,
    services,
    build,
    clientDir: clientDirOf(BUILD_DIR),
    catalogRevision,
    publicUrl,
    identity,
    identitySettings: identityProviderSettings(identityOptions),
    identityProviderRoutes: embeddedProvider ? embeddedProviderRoutes(embeddedProvider, database.db) : null,
  });
  handle = app.fetch;
  await jobs.startWorkers(services);
  logger.info(
    { port, database: database.driver, ms: Math.round(performance.now() - started) },
    `shop ready at http://localhost:${port}`,
  );
  return {
    port,
    publicUrl,
    logger,
    database,
    identityProvider: embeddedProvider
      ? { issuer: embeddedProvider.issuer, clientId: embeddedProvider.clientId, clientSecret: embeddedProvider.clientSecret }
      : null,
    // Requests first (they may queue jobs), then the queue (running jobs finish), then the database.
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await jobs.stop();
      await database.close();
    },
  };
}

/** The hosted user pool when configured; otherwise the embedded provider, the only one spoken to over plain HTTP. */
function identityProviderOf(config: Config, embedded: { issuer: string; clientId: string; clientSecret: string } | null) {
  if (embedded) {
    return { issuer: embedded.issuer, clientId: embedded.clientId, clientSecret: embedded.clientSecret, allowHttp: true };
  }
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) {
    throw new Error("No identity provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.");
  }
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    allowHttp: false,
  };
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

function publicUrlOf(config: Config, port: number): string {
  const host = config.HOST && config.HOST !== "0.0.0.0" && config.HOST !== "::" ? config.HOST : "localhost";
  return (config.PUBLIC_URL ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/$/, "");
}

function listen(fetch: FetchHandler, config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.PORT, hostname: config.HOST }, () => resolve(server));
    server.once("error", reject);
  });
}
