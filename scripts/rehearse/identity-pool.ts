/**
 * The rehearsal's hosted user pool: the project's embedded OpenID Provider served on its own, outside
 * the shops, with its own database, the way Cognito stands apart from them in production. Its client
 * registers every rehearsed shop's callbacks; the client secret is written to CLIENT_FILE for them.
 *
 * PORT, PUBLIC_URL (as browsers reach it, through nginx), DATABASE_URL (or DATA_DIR for an embedded
 * database), SHOP_URLS (comma-separated), CLIENT_FILE; TLS_KEY_FILE and TLS_CERT_FILE to serve HTTPS
 * itself rather than behind nginx.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { createServer as createHttpsServer } from "node:https";
import { type HttpBindings, serve } from "@hono/node-server";
import { Hono } from "hono";
import { openDatabase } from "../../db/client.ts";
import { clientLimiter, IDP_LIMITS } from "../../domain/shared/rate-limit.ts";
import { createEmbeddedProvider, EMBEDDED_PROVIDER_PATH } from "../../integrations/identity/embedded-provider/provider.ts";
import { embeddedProviderRoutes } from "../../integrations/identity/embedded-provider/routes.ts";
import { clientAddressOf } from "../../server/http/client-address.ts";

const setting = (name: string) => process.env[name] ?? fail(`${name} is required`);
function fail(message: string): never {
  throw new Error(`identity pool: ${message}`);
}

const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: setting("DATA_DIR") },
);
const tls = process.env.TLS_KEY_FILE
  ? { key: readFileSync(process.env.TLS_KEY_FILE), cert: readFileSync(setting("TLS_CERT_FILE")) }
  : null;
const idp = await createEmbeddedProvider({
  db: database.db,
  appEnv: "staging",
  publicUrl: setting("PUBLIC_URL"),
  shopUrls: setting("SHOP_URLS").split(","),
  trustProxy: !tls,
  onServerError: (error) => console.error("identity pool: provider error", error),
});

const app = new Hono<{ Bindings: HttpBindings; Variables: { requestId: string; nonce: string; clientAddress: string } }>();
app.use(async (c, next) => {
  c.set("requestId", randomUUID());
  c.set("nonce", randomBytes(16).toString("base64"));
  // nginx is the one proxy in front, when there is one.
  c.set("clientAddress", clientAddressOf(c, tls ? 0 : 1));
  await next();
  console.log(`${c.req.method} ${c.req.path} ${c.res.status}`);
});
// The rehearsed pool stands apart from the shops and their outboxes, as Cognito does: it logs the codes it would email.
const logCode = async (_tx: unknown, mail: { to: string; code: string }) =>
  console.log(`identity pool: code ${mail.code} for ${mail.to}`);
app.route(EMBEDDED_PROVIDER_PATH, embeddedProviderRoutes(idp, database.db, clientLimiter(database.db, IDP_LIMITS), logCode));

const port = Number(setting("PORT"));
// The provider writes its own answers to the Node response; the real Response keeps Hono from writing again.
const listening = { fetch: app.fetch, port, hostname: "127.0.0.1", overrideGlobalObjects: false };
const httpsOptions = tls ? { createServer: createHttpsServer, serverOptions: tls } : {};
serve({ ...listening, ...httpsOptions }, async () => {
  const client = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  // Written whole, then renamed into place: whoever waits for the file never reads half of it.
  const clientFile = setting("CLIENT_FILE");
  await writeFile(`${clientFile}.partial`, JSON.stringify(client));
  await rename(`${clientFile}.partial`, clientFile);
  console.log(`identity pool ready on 127.0.0.1:${port}, issuer ${idp.issuer}`);
});
