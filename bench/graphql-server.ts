/**
 * The process bench/graphql.ts measures: the real shop (startServer, as `npm start` runs it) plus,
 * on a second port of the same process, a bare JSON route that does the same database read as
 * getMemberByEmailAndProviderTypeFast (the whole member by Google email, on the same database handle). The route
 * lives only here, never in the product. Prints one JSON line for the parent once a member exists.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { byProviderEmail, loadMemberView } from "../domain/members/load-member.ts";
import { requestHash } from "../domain/shared/request-hash.ts";
import { loadConfig } from "../server/env.ts";
import { type HttpEnv, requestContext } from "../server/http/request-context.ts";
import { startServer } from "../server/start.ts";
import { signInWithEmbeddedProvider } from "../tests/setup/embedded-sign-in.ts";

const config = loadConfig();
const server = await startServer(config);
if (!server.identityProvider) throw new Error("The benchmark signs in through the embedded identity provider.");

const memberDeps = { db: server.database.db, now: () => new Date(), log: server.logger };
// The same per-request middleware the shop runs first (request id, child logger, access log).
const plain = new Hono<HttpEnv>();
plain.use(requestContext(server.logger, { trustedProxyHops: 0, publicUrl: config.PUBLIC_URL }));
plain.get("/member", async (c) =>
  c.json(await loadMemberView(memberDeps, byProviderEmail("google", c.req.query("email") ?? ""))),
);
// CPU time this process has used, so the parent can work out CPU per request whatever else runs on the machine.
plain.get("/cpu", (c) => c.json(process.cpuUsage()));
const comparison = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const listener = serve({ fetch: plain.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(listener));
});
const address = comparison.address();
const comparisonPort = typeof address === "object" && address ? address.port : 0;

const email = "bench.member@example.com";
const { accessToken } = await signInWithEmbeddedProvider(server.identityProvider, {
  provider: "google",
  email,
  name: "Bench Member",
});
const variables = { cognitoData: "{}" };
const created = await fetch(`http://127.0.0.1:${server.port}/graphql`, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    authorization: `Bearer ${accessToken}`,
    "x-request-hash": requestHash(variables),
  },
  body: JSON.stringify({
    query: "mutation($cognitoData: String!) { getOrCreateMember(cognitoData: $cognitoData) { id } }",
    variables,
  }),
});
if (created.status !== 200) throw new Error(`getOrCreateMember answered ${created.status}: ${await created.text()}`);

console.log(
  JSON.stringify({
    graphqlUrl: `http://127.0.0.1:${server.port}/graphql`,
    jsonUrl: `http://127.0.0.1:${comparisonPort}/member?email=${encodeURIComponent(email)}`,
    cpuUrl: `http://127.0.0.1:${comparisonPort}/cpu`,
    accessToken,
    email,
  }),
);

process.once("SIGTERM", () => {
  comparison.close();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
