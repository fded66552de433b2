import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentEmailFiles } from "../setup/email-text.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { freePort } from "../setup/free-port.ts";
import { newPerson, openBrowser } from "../setup/shop-browser.ts";
import { type ShopProcess, startShopProcess } from "../setup/shop-process.ts";
import { openTestDatabase, queryRows, TEST_DATABASE_URL, type TestDatabase } from "../setup/test-database.ts";
import { eventually } from "../setup/test-jobs.ts";
import type { TestServer } from "../setup/test-server.ts";

/** A browser pointed at one of the processes, as a load balancer would send it there. */
const via = (shop: ShopProcess) => openBrowser({ baseUrl: shop.baseUrl } as TestServer);

describe.runIf(TEST_DATABASE_URL)("two shop processes on one PostgreSQL database", () => {
  let database: TestDatabase;
  let dataDir = "";
  let first: ShopProcess;
  let second: ShopProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "many-processes-"));
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: database.url ?? "",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${firstPort}`,
      TRUSTED_PROXY_HOPS: "1",
      APP_ENV: "test",
      LOG_LEVEL: "info",
    };
    [first, second] = await Promise.all([startShopProcess(firstPort, env), startShopProcess(secondPort, env)]);
  }, 120_000);

  afterAll(async () => {
    for (const shop of [first, second]) shop?.child.kill("SIGTERM");
    // A graceful stop: the queue lets running jobs finish, then the database closes, then exit 0.
    expect(await Promise.all([first?.exited, second?.exited])).toEqual([0, 0]);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("serves a catalogue change fresh from both, whichever made it, on pages and through GraphQL", async () => {
    const page = (shop: ShopProcess) => fetch(`${shop.baseUrl}/shop/joffee/j4`).then((response) => response.text());
    const price = async (shop: ShopProcess) => {
      const response = await fetch(`${shop.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: '{ purchaseOption(optionId: "op-j4_bb-1b") { optionPrice } }' }),
      });
      return ((await response.json()) as { data: { purchaseOption: { optionPrice: number } } }).data.purchaseOption.optionPrice;
    };
    for (const shop of [first, second]) {
      expect(await page(shop)).toContain("S$12.90");
      // Twice, so the second answer is a kept one.
      expect([await price(shop), await price(shop)]).toEqual([12.9, 12.9]);
    }
    await database.db.execute(sql`update purchase_options set option_price_cents = 1390 where option_id = 'op-j4_bb-1b'`);
    for (const shop of [first, second]) {
      const html = await page(shop);
      expect(html).toContain("S$13.90");
      expect(html).not.toContain("S$12.90");
      expect(await price(shop)).toBe(13.9);
    }
  });

  it("keeps a member signed in on the other process", async () => {
    const person = newPerson();
    const browser = via(first);
    await browser.signIn(person);
    const elsewhere = await fetchWithJar(browser.jar, new URL("/member", second.baseUrl), {
      headers: { "x-forwarded-for": "10.1.1.1" },
    });
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.text()).toContain(person.name);
    const stranger = await fetch(`${second.baseUrl}/member`, { redirect: "manual", headers: { "x-forwarded-for": "10.1.1.2" } });
    expect(stranger.status).not.toBe(200);
  });

  it("counts one rate limit for a client across both", async () => {
    // A browser posts from the shop's public address, whichever process the load balancer picks.
    const lookup = (shop: ShopProcess) =>
      fetch(`${shop.baseUrl}/order`, {
        method: "POST",
        body: new URLSearchParams({ invoiceId: "6A00000H", mobile: "91234567" }),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.9.9.9", origin: first.baseUrl },
      }).then((response) => response.status);
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push(await lookup(attempt % 2 === 0 ? first : second));
    expect(statuses).toEqual(Array(10).fill(404));
    expect([await lookup(first), await lookup(second)]).toEqual([429, 429]);
  });

  it("records one alert for the same error reported to both at once", async () => {
    const alert = JSON.stringify({ data: { env: "test", path: "/bag", message: "TypeError: both processes saw this" } });
    const post = (shop: ShopProcess, n: number) =>
      fetch(`${shop.baseUrl}/api/debug/send-email-to-admin`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${n}` },
        body: alert,
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => post(n % 2 ? first : second, n)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
    const rows = await queryRows(
      database.db,
      sql`select id from error_alerts where message = 'TypeError: both processes saw this'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("sends an order's email once and runs the scheduled loyalty work once", async () => {
    const shopper = via(first);
    await shopper.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const started = await shopper.post("/checkout/shipping", {
      name: "Lim Wei",
      email: "wei.two-processes@example.com",
      mobile: "8123 4567",
      address: "10 Anson Road, #20-01",
      postalCode: "079903",
    });
    expect(started.status).toBe(303);
    const paid = await shopper.post(started.headers.get("location") ?? "", { cardNumber: "4242424242424242" });
    expect(paid.status).toBe(303);
    const completePath = new URL(paid.headers.get("location") ?? "").pathname;
    // The return from payment lands on either process, more than once.
    const returns = await Promise.all([first, second, first, second].map((shop) => fetch(`${shop.baseUrl}${completePath}`)));
    expect(returns.map((response) => response.status)).toEqual([200, 200, 200, 200]);

    const outboxDir = path.join(dataDir, "outbox");
    const files = () => Promise.resolve(sentEmailFiles(outboxDir));
    await eventually(files, (sent) => sent.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // both processes poll for email jobs every second
    expect(await files()).toHaveLength(1);

    const runs = await queryRows<{ slot: string | null; n: number }>(
      database.db,
      sql`select singleton_on::text as slot, count(*)::int as n from pgboss.job where name = 'loyalty-maintenance' group by 1`,
    );
    // Both processes asked for the run at start; one ran per ten-minute slot (two only across a slot boundary).
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.every((run) => run.n === 1)).toBe(true);
    const schedules = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.schedule where name = 'loyalty-maintenance'`,
    );
    expect(schedules[0]?.n).toBe(1);
  });
});
