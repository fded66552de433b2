import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { Registry } from "prom-client";
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestContext } from "../app/context.ts";
import type { AppBuild } from "../app/lib/app-build.ts";
import { BUILD_PATH } from "../app/lib/new-build.ts";
import { reportServerError } from "../app/lib/server-error-alert.server.ts";
import { createSessionResumer } from "../domain/identity/session-resume.ts";
import { contextFor, guest, type ShopServices } from "../domain/shared/context.ts";
import { EMBEDDED_PROVIDER_PATH } from "../integrations/identity/embedded-provider/provider.ts";
import type { embeddedProviderRoutes } from "../integrations/identity/embedded-provider/routes.ts";
import type { IdentityClient, IdentityProviderSettings } from "../integrations/identity/identity-client.ts";
import type { Config } from "./env.ts";
import { catalogueReplyCache } from "./graphql/catalogue-reply-cache.ts";
import { graphqlRoute } from "./graphql/route.ts";
import { rememberVerifiedTokens } from "./graphql/verified-tokens.ts";
import { GRAPHQL_PATH } from "./graphql/yoga.ts";
import { limitBody } from "./http/body-limit.ts";
import { buildRoute } from "./http/build-route.ts";
import { compression } from "./http/compression.ts";
import { crawlerNotFound } from "./http/crawler-not-found.ts";
import { refuseCrossSiteActions } from "./http/cross-site-posts.ts";
import { limitErrorAlertBodies, mountErrorAlertRoutes } from "./http/error-alert-route.ts";
import { refuseUnreadableInput } from "./http/input-guard.ts";
import { mountMemberAuthRoutes } from "./http/member-auth-routes.ts";
import { memberSession } from "./http/member-session.ts";
import { METRICS_PATH, metricsWithToken } from "./http/metrics-route.ts";
import { operationContext } from "./http/operation-context.ts";
import { pageCache } from "./http/page-cache.ts";
import { paymentWebhook } from "./http/payment-webhook.ts";
import { mountPhotoRoute } from "./http/photo-route.ts";
import { LIVENESS_PATH, livenessAnswer, READINESS_PATH, type Readiness, readinessAnswer } from "./http/probes.ts";
import { type HttpEnv, requestContext } from "./http/request-context.ts";
import { requestMetrics } from "./http/request-metrics.ts";
import { routeLabeller } from "./http/route-label.ts";
import { contentSecurityPolicy, securityHeaders } from "./http/security-headers.ts";
import { requestAtSiteOrigin } from "./http/site-request.ts";
import { mountStaffAuthRoutes } from "./http/staff-auth-routes.ts";
import { staffSession } from "./http/staff-session.ts";
import { mountUnsubscribeRoute } from "./http/unsubscribe-route.ts";
import { limitBodies } from "./http/upload-limits.ts";
import { visitorCookieKeeper } from "./http/visitor-cookie.ts";
import { wholeResponse } from "./http/whole-response.ts";
import type { Logger } from "./logger.ts";
import { withRoutePatternMatching } from "./route-matching.ts";

export type AppDeps = {
  config: Config;
  logger: Logger;
  /** What operations run with, the same for every request; each request adds its viewer and logger. */
  services: ShopServices;
  build: ServerBuild;
  clientDir: string;
  /** What kept pages and replies are checked against: the catalogue's revision, moved on at programme boundaries. */
  keptRevision: () => Promise<number>;
  /** The shop's address as browsers see it (sign-in callbacks, same-origin checks). */
  publicUrl: string;
  /** The hosted user pool's client (or the embedded provider's): for checking bearer access tokens. */
  identity: IdentityClient;
  /** The identity provider's settings in use, for the debug tools (no secrets). */
  identitySettings: IdentityProviderSettings;
  /** The embedded OpenID Provider's routes, when it stands in for the hosted user pool (never in production). */
  identityProviderRoutes?: ReturnType<typeof embeddedProviderRoutes> | null;
  /** Whether this process takes traffic, as /readyz tells load balancers. */
  readiness: Readiness;
  /** Where requests are counted and timed, when metrics are on (METRICS_TOKEN or METRICS_PORT). */
  metrics: Registry | null;
};

type EntryWithContext = {
  requestContext: RouterContext<RequestContext>;
  appBuild: AppBuild;
  documentBody: (
    response: Response,
  ) => { html: Uint8Array<ArrayBuffer>; stylesheetAt: { start: number; end: number } | null } | undefined;
};
const PUBLIC_FILE = "/:file{[a-z0-9-]+\\.[a-z]{2,12}}";

export function createHttpApp({
  config,
  logger,
  services,
  build,
  clientDir,
  keptRevision,
  publicUrl,
  identity,
  identitySettings,
  identityProviderRoutes,
  readiness,
  metrics,
}: AppDeps): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>();
  const handleDocument = createRequestHandler(
    withRoutePatternMatching(build),
    config.APP_ENV === "production" ? "production" : "development",
  );
  // The context key must be the one the bundled routes read, so it comes from the build itself.
  const entry = build.entry.module as unknown as EntryWithContext;
  const contextKey = entry.requestContext;
  const settings = {
    brandName: config.BRAND_NAME,
    secureCookies: config.APP_ENV === "production" || config.APP_ENV === "staging",
    appEnv: config.APP_ENV,
    brandPages: { instagram: config.BRAND_INSTAGRAM_URL, tiktok: config.BRAND_TIKTOK_URL, facebook: config.BRAND_FACEBOOK_URL },
    identityProvider: identitySettings,
  };

  if (metrics) app.use(requestMetrics(metrics, routeLabeller(build)));
  app.use(requestContext(logger, { trustedProxyHops: config.TRUSTED_PROXY_HOPS, publicUrl: config.PUBLIC_URL }));
  app.use(compression());
  const security = { production: config.APP_ENV === "production", formTargets: formTargetsOf(config) };
  app.use(securityHeaders(security));
  app.use(crawlerNotFound());
  app.get(LIVENESS_PATH, () => livenessAnswer());
  app.get(READINESS_PATH, () => readinessAnswer(readiness));
  if (metrics && config.METRICS_TOKEN) app.get(METRICS_PATH, metricsWithToken(metrics, config.METRICS_TOKEN));
  app.get(BUILD_PATH, buildRoute(entry.appBuild));
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Before the body limit: oidc-provider reads request bodies from the Node request itself.
  if (identityProviderRoutes && config.APP_ENV !== "production") {
    app.route(EMBEDDED_PROVIDER_PATH, identityProviderRoutes);
  }
  app.post("/api/stripe/webhook", limitBody(512 * 1024), paymentWebhook(services));
  limitErrorAlertBodies(app, config.APP_ENV);
  limitBodies(app);
  // Before the input checks: a kept reply answers exactly the bytes of a request that passed them.
  app.use(GRAPHQL_PATH, catalogueReplyCache(keptRevision));
  app.use("*", refuseUnreadableInput(config.BRAND_NAME));
  app.get(PUBLIC_FILE, serveStatic({ root: clientDir }));
  mountPhotoRoute(app, services, clientDir);
  // Before the session: a page for everyone is served (or rendered) without reading who asks, so a
  // hit costs no session read, and nobody's session or bag can reach a stored page.
  if (config.PAGE_CACHE === "on")
    app.use("*", pageCache({ revision: keptRevision, policy: (sha256) => contentSecurityPolicy({ sha256 }, security) }));
  // Whose each access token is, verified once until it expires: for sessions and bearer callers alike.
  const verifyAccessToken = rememberVerifiedTokens((accessToken) => identity.identityOfAccessToken(accessToken));
  // Only requests that send a session cookie read the database here.
  const resume = createSessionResumer({
    db: services.db,
    identity: { ...services.identity, identityOfAccessToken: verifyAccessToken },
    log: logger,
  });
  app.use("*", memberSession({ resume, secureCookies: settings.secureCookies }));
  app.use("*", operationContext(services));
  app.use("*", staffSession({ secureCookies: settings.secureCookies }));
  mountErrorAlertRoutes(app, config.APP_ENV);
  app.on(["GET", "POST"], GRAPHQL_PATH, graphqlRoute({ config, verifyAccessToken }));
  app.use("*", visitorCookieKeeper({ secureCookies: settings.secureCookies }));
  mountMemberAuthRoutes(app, { publicUrl, secureCookies: settings.secureCookies });
  mountStaffAuthRoutes(app, { publicUrl, secureCookies: settings.secureCookies });
  // The one form post another site may send: a mail provider's one-click unsubscribe (RFC 8058).
  mountUnsubscribeRoute(app);
  app.use("*", refuseCrossSiteActions(config.BRAND_NAME));
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(contextKey, {
      operations: c.var.operations,
      settings,
      requestId: c.var.requestId,
      clientAddress: c.var.clientAddress,
      siteOrigin: c.var.siteOrigin,
      session: c.var.session,
      sessionExpired: c.var.sessionExpired,
      sharedPage: c.var.sharedPage,
      bodyTooLarge: c.var.bodyTooLarge,
      nonce: c.var.nonce,
      log: c.var.log,
    });
    const response = await handleDocument(requestAtSiteOrigin(c.req.raw, c.var.siteOrigin), context);
    const document = entry.documentBody(response);
    if (!document) return response;
    return wholeResponse(document.html, { status: response.status, headers: response.headers }, document.stylesheetAt);
  });
  app.onError((error, c) => {
    c.var.log.error({ err: error }, "unhandled error");
    // An error before the operation context was made (a middleware's) is still reported.
    reportServerError(c.var.operations ?? contextFor(services, guest(), c.var.log), c.req.raw, error);
    return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
  });
  return app;
}

/** Sites a form post may redirect to: the browser applies form-action to the redirects after a submit. */
function formTargetsOf(config: Config): string[] {
  const targets = config.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [];
  if (config.OIDC_ISSUER) {
    // The user pool's sign-in pages live on its hosted-UI domain, not on the issuer's host.
    targets.push(new URL(config.OIDC_ISSUER).origin, "https://*.amazoncognito.com");
  }
  return targets;
}

export function clientDirOf(buildDir: string): string {
  return path.join(buildDir, "client");
}
