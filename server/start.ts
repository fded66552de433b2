import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDevelopmentReviews } from "../db/seed/dev-reviews.ts";
import { seedPromotionCodes } from "../db/seed/promotions.ts";
import { seedRewards } from "../db/seed/rewards.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { storedSecret } from "../db/stored-secret.ts";
import { catalogCachedByRevision } from "../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../domain/catalog/catalog-revision.ts";
import { offerEveryMethodUntilChosen } from "../domain/checkout/payment-method-settings.ts";
import { holidayDataWarnings, yearsInEstimateReach } from "../domain/delivery/holiday-coverage.ts";
import { queueSignInCodeEmail } from "../domain/identity/sign-in-code-email.ts";
import { loadProgrammeBoundaries } from "../domain/loyalty/programme/programme-boundaries.ts";
import type { ShopServices } from "../domain/shared/context.ts";
import type { JobQueue } from "../domain/shared/job-queue.ts";
import { clientLimiter, IDP_LIMITS } from "../domain/shared/rate-limit.ts";
import { createEmbeddedProvider } from "../integrations/identity/embedded-provider/provider.ts";
import { embeddedProviderRoutes } from "../integrations/identity/embedded-provider/routes.ts";
import { createOidcIdentityClient, identityProviderSettings } from "../integrations/identity/oidc-client.ts";
import { clientDirOf, createHttpApp } from "./app.ts";
import { catalogRevisionSource } from "./catalog-revision-source.ts";
import { type Config, ownerEmailsOf, supplierOf } from "./env.ts";
import { type ClosingListener, closingListener } from "./http/closing-listener.ts";
import { metricsOnlyApp } from "./http/metrics-route.ts";
import { type Readiness, startingAnswer } from "./http/probes.ts";
import { createIntegrations } from "./integrations.ts";
import { openJobs } from "./jobs.ts";
import { keptRevision } from "./kept-revision.ts";
import { createLogger, type LogDestination, type Logger } from "./logger.ts";
import { createMetricsRegistry } from "./metrics.ts";

export const BUILD_DIR = path.resolve(import.meta.dirname, "../build");

export type RunningServer = {
  port: number;
  /** The private metrics listener's port (METRICS_PORT), when there is one. */
  metricsPort: number | null;
  publicUrl: string;
  logger: Logger;
  database: DatabaseHandle;
  /** The process's job queue: what it queues, its own workers run. */
  jobs: JobQueue;
  /** The embedded OpenID Provider, when no OIDC_ISSUER is configured (never in production). */
  identityProvider: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Stops taking traffic (readiness 503 at once, the listener closing after SHUTDOWN_DRAIN_SECONDS), then stops. */
  close: () => Promise<void>;
};

/**
 * Listens at once, answering the probes (liveness 200, readiness 503) and 503 to everything else, while
 * it opens (creating, migrating and seeding when needed) the database and starts the services; then
 * serves the shop, and says it is ready once the job workers run.
 */
export async function startServer(config: Config, options: { logTo?: LogDestination } = {}): Promise<RunningServer> {
  const logger = createLogger(config, options.logTo);
  const readiness: Readiness = { state: "starting" };
  let handle: FetchHandler = (request) => startingAnswer(request, readiness);
  const server = await listen((request, env) => handle(request, env), config.PORT, config.HOST);
  try {
    return await serveShop(config, logger, server, readiness, (app) => {
      handle = app;
    });
  } catch (error) {
    await server.close();
    throw error;
  }
}

async function serveShop(
  config: Config,
  logger: Logger,
  server: Listener,
  readiness: Readiness,
  serveWith: (handler: FetchHandler) => void,
): Promise<RunningServer> {
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
  if (config.APP_ENV === "development") await seedDevelopmentReviews(database.db);
  if (config.APP_ENV === "development" && !config.STRIPE_SECRET_KEY) await offerEveryMethodUntilChosen(database.db);
  const jobs = await openJobs({ database, databaseUrl: config.DATABASE_URL, logger });
  const build = (await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild;
  // The listener's real port (PORT=0 picks one) is what the default public address needs.
  const port = portOf(server, config.PORT);
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
  const catalogRevision = await catalogRevisionSource(database, catalogRevisionReader(database.db));
  const catalog = catalogCachedByRevision(database.db, catalogRevision, logger);
  const kept = keptRevision(catalogRevision, () => loadProgrammeBoundaries(database.db));
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
      emailLinkSecret: config.EMAIL_LINK_SECRET ?? (await madeEmailLinkSecret(database.db)),
    },
    now: () => new Date(),
    debug: config.DEBUG_TOOLS,
  };
  const metricsOn = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;
  const metrics = metricsOn ? createMetricsRegistry({ services, logger, database, jobs }) : null;
  const metricsServer =
    metrics && config.METRICS_PORT !== undefined
      ? await listen(metricsOnlyApp(metrics).fetch, config.METRICS_PORT, config.HOST)
      : null;
  const app = createHttpApp({
    config,
    logger,
    services,
    build,
    clientDir: clientDirOf(BUILD_DIR),
    keptRevision: kept,
    publicUrl,
    identity,
    identitySettings: identityProviderSettings(identityOptions),
    identityProviderRoutes: embeddedProvider
      ? embeddedProviderRoutes(embeddedProvider, database.db, clientLimiter(database.db, IDP_LIMITS), (tx, mail) =>
          queueSignInCodeEmail(jobs.queue, tx, mail),
        )
      : null,
    readiness,
    metrics,
  });
  serveWith(app.fetch);
  await jobs.startWorkers(services);
  readiness.state = "ready";
  logger.info(
    { port, database: database.driver, ms: Math.round(performance.now() - started) },
    `shop ready at http://localhost:${port}`,
  );
  return {
    port,
    metricsPort: metricsServer ? portOf(metricsServer, config.METRICS_PORT ?? 0) : null,
    publicUrl,
    logger,
    database,
    jobs: jobs.queue,
    identityProvider: embeddedProvider
      ? { issuer: embeddedProvider.issuer, clientId: embeddedProvider.clientId, clientSecret: embeddedProvider.clientSecret }
      : null,
    // Load balancers first (readiness says 503 while requests keep being served for the drain, each
    // reply closing its connection so no client holds one open), then requests (they may queue
    // jobs), then the queue (running jobs finish), then the database.
    close: async () => {
      readiness.state = "stopping";
      server.stopKeepingAlive();
      metricsServer?.stopKeepingAlive();
      await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
      await server.close();
      await metricsServer?.close();
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

/** Without EMAIL_LINK_SECRET (required in production): one the shop makes once and keeps, never a value anyone can read. */
const madeEmailLinkSecret = (db: Database) => storedSecret(db, "email-link-secret", () => randomBytes(32).toString("hex"));

function publicUrlOf(config: Config, port: number): string {
  const host = config.HOST && config.HOST !== "0.0.0.0" && config.HOST !== "::" ? config.HOST : "localhost";
  return (config.PUBLIC_URL ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/$/, "");
}

type Listener = ClosingListener & { server: Server };

function listen(fetch: FetchHandler, port: number, hostname: string | undefined): Promise<Listener> {
  return new Promise((resolve, reject) => {
    // Plain HTTP/1.1, as serve makes it without a server of another kind.
    const server = serve({ fetch, port, hostname }, () => resolve({ server, ...closingListener(server) })) as Server;
    server.once("error", reject);
  });
}

function portOf(listener: Listener, configured: number): number {
  const address = listener.server.address();
  return typeof address === "object" && address ? address.port : configured;
}
