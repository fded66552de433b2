/**
 * The rehearsal's hosted user pool: the project's embedded OpenID Provider served on its own, outside
 * the shops, with its own database, the way Cognito stands apart from them in production. Its client
 * registers every rehearsed shop's callbacks; the client secret is written to CLIENT_FILE for them.
 *
 * PORT, PUBLIC_URL (as browsers reach it, through nginx), DATABASE_URL, SHOP_URLS (comma-separated),
 * CLIENT_FILE.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { type HttpBindings, serve } from "@hono/node-server";
import { Hono } from "hono";
import { openDatabase } from "../../db/client.ts";
import { createEmbeddedProvider, EMBEDDED_PROVIDER_PATH } from "../../integrations/identity/embedded-provider/provider.ts";
import { embeddedProviderRoutes } from "../../integrations/identity/embedded-provider/routes.ts";
import { clientAddressOf } from "../../server/http/client-address.ts";

const setting = (name: string) => process.env[name] ?? fail(`${name} is required`);
function fail(message: string): never {
  throw new Error(`identity pool: ${message}`);
}

const database = await openDatabase({ databaseUrl: setting("DATABASE_URL") });
const idp = await createEmbeddedProvider({
  db: database.db,
  appEnv: "staging",
  publicUrl: setting("PUBLIC_URL"),
  shopUrls: setting("SHOP_URLS").split(","),
  trustProxy: true,
  onServerError: (error) => console.error("identity pool: provider error", error),
});

const app = new Hono<{ Bindings: HttpBindings; Variables: { requestId: string; nonce: string; clientAddress: string } }>();
app.use(async (c, next) => {
  c.set("requestId", randomUUID());
  c.set("nonce", randomBytes(16).toString("base64"));
  // nginx is the one proxy in front.
  c.set("clientAddress", clientAddressOf(c, 1));
  await next();
  console.log(`${c.req.method} ${c.req.path} ${c.res.status}`);
});
app.route(EMBEDDED_PROVIDER_PATH, embeddedProviderRoutes(idp, database.db));

const port = Number(setting("PORT"));
// The provider writes its own answers to the Node response; the real Response keeps Hono from writing again.
serve({ fetch: app.fetch, port, hostname: "127.0.0.1", overrideGlobalObjects: false }, async () => {
  const client = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  await writeFile(setting("CLIENT_FILE"), JSON.stringify(client));
  console.log(`identity pool ready on 127.0.0.1:${port}, issuer ${idp.issuer}`);
});
