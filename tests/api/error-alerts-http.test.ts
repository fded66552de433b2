import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_ALERT_CLIENT_LIMIT } from "../../domain/alerts/send-error-alert.ts";
import { newBagToken } from "../../domain/bag/bag-token.ts";
import { newSessionToken } from "../../domain/identity/session-token.ts";
import { generateOrderCode } from "../../kernel/order-code.ts";
import { sentEmailFiles } from "../setup/email-text.ts";
import { callGraphQL, GET_BY_EMAIL, memberOf, signIn } from "../setup/member-graphql.ts";
import { DRIVER_NAME, queryRows } from "../setup/test-database.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const ADMIN = "ops-admin@nectarlab.sg";
const STAGING_PATH = "/staging/dkv4/debug/send-email-to-admin";
const API_PATH = "/api/debug/send-email-to-admin";

let nextClient = 0;
/** Each test speaks from its own address (the shop trusts one proxy), so per-client limits stay apart. */
const newClient = () => `192.0.2.${++nextClient}`;

function post(shop: TestServer, at: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${shop.baseUrl}${at}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": newClient(), ...headers },
    body,
  });
}

const alert = (message: string, pagePath = "/bag") => JSON.stringify({ data: { env: "staging", path: pagePath, message } });

async function count(shop: TestServer, table: "error_alerts" | "email_outbox") {
  const rows = await queryRows<{ n: number }>(
    shop.server.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return rows[0]?.n ?? 0;
}

async function alertsAbout(shop: TestServer, message: string) {
  return queryRows<{ path: string; recipient: string | null; outbox: number }>(
    shop.server.database.db,
    sql`select a.path, a.recipient, (select count(*)::int from email_outbox o where o.alert_id = a.id) as outbox
        from error_alerts a where a.message = ${message} order by a.path`,
  );
}

describe(`error alerts over HTTP in staging (${DRIVER_NAME})`, () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ APP_ENV: "staging", ADMIN_EMAIL: ADMIN, TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  it("accepts an alert on the staging path and emails the admin once, as plain text", async () => {
    const response = await post(shop, STAGING_PATH, alert("TypeError: Cannot read properties of undefined (reading 'price')"));
    expect(response.status).toBe(202);
    expect(await alertsAbout(shop, "TypeError: Cannot read properties of undefined (reading 'price')")).toEqual([
      { path: "/bag", recipient: ADMIN, outbox: 1 },
    ]);
    const outboxDir = path.join(shop.dataDir, "outbox");
    const files = await eventually(
      async () => sentEmailFiles(outboxDir),
      (names) => names.length > 0,
    );
    expect(files).toHaveLength(1);
    const message = readFileSync(path.join(outboxDir, files[0] ?? ""), "utf8");
    expect(message).toContain(`To: ${ADMIN}`);
    expect(message).toContain("Content-Type: text/plain");
    expect(message).not.toContain("text/html");
    expect(message).toContain("Path: /bag");
    expect(message).toContain("reading 'price'");
  });

  it("sends one email for 50 identical alerts posted at once, and another for the same error on another path", async () => {
    const message = "ReferenceError: promo is not defined";
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(shop, STAGING_PATH, alert(message))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(202));
    expect(await alertsAbout(shop, message)).toEqual([{ path: "/bag", recipient: ADMIN, outbox: 1 }]);
    expect((await post(shop, API_PATH, alert(message, "/checkout/summary"))).status).toBe(202);
    expect(await alertsAbout(shop, message)).toEqual([
      { path: "/bag", recipient: ADMIN, outbox: 1 },
      { path: "/checkout/summary", recipient: ADMIN, outbox: 1 },
    ]);
  });

  it("refuses an oversized, malformed or non-JSON alert with a clear message and writes nothing", async () => {
    const before = { alerts: await count(shop, "error_alerts"), outbox: await count(shop, "email_outbox") };
    const oversized = await post(shop, STAGING_PATH, alert("x".repeat(9 * 1024)));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({ error: "Request body is too large (limit 8 KB)." });
    const notJson = await post(shop, STAGING_PATH, "{data: nope");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The body is not valid JSON." });
    const wrongShape = await post(shop, STAGING_PATH, JSON.stringify({ data: { env: "staging", path: "bag", message: "" } }));
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.json()).toMatchObject({
      fields: { "data.path": "must be a path starting with / (no spaces or control characters)", "data.message": "is required" },
    });
    const noData = await post(shop, STAGING_PATH, JSON.stringify(["staging", "/bag", "boom"]));
    expect(await noData.json()).toEqual({
      error: "data: must be an object with env, path and message",
      fields: { data: "must be an object with env, path and message" },
    });
    const form = await post(shop, STAGING_PATH, "message=boom", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const crossSite = await post(shop, STAGING_PATH, alert("from elsewhere"), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect({ alerts: await count(shop, "error_alerts"), outbox: await count(shop, "email_outbox") }).toEqual(before);
  });

  it("answers 429 with Retry-After past a client's limit and writes nothing for the refused alert", async () => {
    const client = newClient();
    const from = (message: string) => post(shop, STAGING_PATH, alert(message), { "x-forwarded-for": client });
    for (let n = 0; n < ERROR_ALERT_CLIENT_LIMIT.limit; n++) expect((await from("Same error from one browser")).status).toBe(202);
    const refused = await from("A different error past the limit");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await alertsAbout(shop, "A different error past the limit")).toEqual([]);
    expect((await post(shop, STAGING_PATH, alert("A different error past the limit"))).status).toBe(202);
  });

  it("reports the server's own unhandled error in a page's loader", async () => {
    const db = shop.server.database.db;
    const orderPath = `/order-details/${generateOrderCode(new Date())}`;
    await db.execute(sql`alter table orders rename to orders_away`);
    try {
      // A browser holding a bag asks for an order: its loader reads the table that is gone.
      const page = await fetch(`${shop.baseUrl}${orderPath}`, { headers: { cookie: `bag=${newBagToken()}` } });
      expect(page.status).toBe(500);
    } finally {
      await db.execute(sql`alter table orders_away rename to orders`);
    }
    const [reported] = await eventually(
      () =>
        queryRows<{ env: string; message: string; recipient: string }>(
          db,
          sql`select env, message, recipient from error_alerts where path = ${orderPath}`,
        ),
      (rows) => rows.length > 0,
    );
    expect(reported).toMatchObject({ env: "staging", recipient: ADMIN, message: expect.stringContaining("orders") });
  });

  it("reports an unhandled error in the server's own middleware, before any page runs", async () => {
    const db = shop.server.database.db;
    await db.execute(sql`alter table member_sessions rename to member_sessions_away`);
    try {
      // A browser with a session cookie: resuming its session reads the table that is gone.
      const page = await fetch(`${shop.baseUrl}/member?from=middleware`, {
        headers: { cookie: `__Host-session=${newSessionToken()}` },
      });
      expect(page.status).toBe(500);
      expect(await page.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    } finally {
      await db.execute(sql`alter table member_sessions_away rename to member_sessions`);
    }
    const [reported] = await eventually(
      () => queryRows<{ message: string }>(db, sql`select message from error_alerts where path = '/member'`),
      (rows) => rows.length > 0,
    );
    expect(reported?.message).toContain("member_sessions");
  });

  it("reports an unexpected failure inside a GraphQL operation, which the client sees masked", async () => {
    const db = shop.server.database.db;
    const account = await signIn(shop);
    await memberOf(shop.baseUrl, account);
    await db.execute(sql`alter table point_transactions rename to point_transactions_away`);
    try {
      // The member's point history reads the table that is gone.
      const reply = await callGraphQL(
        shop.baseUrl,
        GET_BY_EMAIL,
        { email: account.email, providerType: "google" },
        { token: account.token, headers: { "x-forwarded-for": newClient() } },
      );
      expect(reply.body.errors?.[0]).toMatchObject({
        message: "Something went wrong on our side. Please try again.",
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      });
    } finally {
      await db.execute(sql`alter table point_transactions_away rename to point_transactions`);
    }
    const [reported] = await eventually(
      () => queryRows<{ message: string }>(db, sql`select message from error_alerts where path = '/graphql'`),
      (rows) => rows.length > 0,
    );
    expect(reported?.message).toContain("point_transactions");
  });
});

describe(`error alerts over HTTP in development (${DRIVER_NAME})`, () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ APP_ENV: "development" });
  });
  afterAll(() => shop.close());

  it("takes alerts on /api only, and without ADMIN_EMAIL logs them without an email", async () => {
    expect((await post(shop, API_PATH, alert("Dev error"))).status).toBe(202);
    expect(await alertsAbout(shop, "Dev error")).toEqual([{ path: "/bag", recipient: null, outbox: 0 }]);
    for (const envPath of [STAGING_PATH, "/development/dkv4/debug/send-email-to-admin"]) {
      expect((await post(shop, envPath, alert("Dev error elsewhere"))).status).toBe(404);
    }
    expect(await alertsAbout(shop, "Dev error elsewhere")).toEqual([]);
  });
});
