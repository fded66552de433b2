/**
 * The process bench/member-history.ts measures: the real shop (startServer, as `npm start` runs it)
 * with two gold members signed in both ways (a bearer token for GraphQL, a session cookie for
 * /member), one with 10 point entries and one with 10,000, written straight into the ledger in bulk.
 * Prints one JSON line for the parent once both are ready.
 */
import { createServer } from "node:http";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { requestHash } from "../domain/shared/request-hash.ts";
import { loadConfig } from "../server/env.ts";
import { startServer } from "../server/start.ts";
import { signInWithEmbeddedProvider, type TestIdentity } from "../tests/setup/embedded-sign-in.ts";
import { cookieOf, signedInMember } from "./visitors.ts";

export type BenchMember = { entries: number; email: string; accessToken: string; cookie: string };

const config = loadConfig();
const server = await startServer(config);
const identityProvider = server.identityProvider;
if (!identityProvider) throw new Error("The benchmark signs in through the embedded identity provider.");
const baseUrl = `http://127.0.0.1:${server.port}`;

async function graphql(accessToken: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${accessToken}`,
      "x-request-hash": requestHash(variables),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, { id: string }>; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * A member with a long past: joined five years ago, gold for the last half year, and `entries` ledger
 * entries four hours apart going back from now (four orders to every reward), so their gold year holds
 * a realistic share of them. The balance is the ledger's sum, as always.
 */
async function seedHistory(db: Database, memberId: string, email: string, entries: number): Promise<void> {
  await db.execute(sql`
    insert into point_transactions
      (id, member_id, email, activity_type, transaction_type, points, spent_cents, meta, programme_version, transaction_at, created_at, updated_at)
    select gen_random_uuid()::text, ${memberId}, ${email},
      case when i % 5 = 0 then 'redeem' else 'order' end,
      case when i % 5 = 0 then 'debit' else 'credit' end,
      case when i % 5 = 0 then 150 else 40 end,
      case when i % 5 = 0 then 0 else 4000 end,
      case when i % 5 = 0 then jsonb_build_object('rewardId', 'pouch') else jsonb_build_object('orderId', 'ord_bench_' || i) end,
      1,
      now() - i * interval '4 hours', now() - i * interval '4 hours', now() - i * interval '4 hours'
    from generate_series(1, ${entries - 1}) as i`);
  await db.execute(sql`
    update members set
      membership_start_at = now() - interval '5 years',
      membership_status = 'gold',
      gold_start_at = now() - interval '6 months',
      points = (select sum(case when transaction_type = 'credit' then points else -points end)
                from point_transactions where member_id = ${memberId})
    where id = ${memberId}`);
  // What autovacuum (PostgreSQL) or the scheduled loyalty work (embedded) does after a bulk load.
  await db.execute(sql`analyze point_transactions`);
}

async function benchMember(entries: number, idp: NonNullable<typeof identityProvider>): Promise<BenchMember> {
  const person: TestIdentity = { provider: "google", email: `history-${entries}@example.com`, name: `History ${entries}` };
  const browser = await signedInMember(baseUrl, person);
  const { accessToken } = await signInWithEmbeddedProvider(idp, person);
  const { getOrCreateMember } = await graphql(
    accessToken,
    "mutation($cognitoData: String!) { getOrCreateMember(cognitoData: $cognitoData) { id } }",
    { cognitoData: "{}" },
  );
  if (!getOrCreateMember) throw new Error("getOrCreateMember returned no member");
  // The sign-up entry is the first of the member's entries.
  await seedHistory(server.database.db, getOrCreateMember.id, person.email, entries);
  const cookie = cookieOf(browser, baseUrl);
  return { entries, email: person.email, accessToken, cookie };
}

const members = [await benchMember(10, identityProvider), await benchMember(10_000, identityProvider)];
// CPU time this process has used, so the parent can work out CPU per request whatever else runs on the machine.
const cpu = createServer((_request, response) => response.end(JSON.stringify(process.cpuUsage())));
await new Promise<void>((resolve) => cpu.listen(0, "127.0.0.1", resolve));
const cpuAddress = cpu.address();
const cpuUrl = `http://127.0.0.1:${typeof cpuAddress === "object" && cpuAddress ? cpuAddress.port : 0}/`;
console.log(JSON.stringify({ baseUrl, cpuUrl, members }));

process.once("SIGTERM", () => {
  cpu.close();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
