import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { confirmationFields } from "../setup/refund-fixtures.ts";
import { newPerson, openBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { DRIVER_NAME } from "../setup/test-database.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const TOKEN = "scrape-me-0123456789abcdef";

/** The samples of one metric whose labels include `labels`, added up (0 when there are none). */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of exposition.split("\n")) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}

describe("metrics without settings", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  it("has no /metrics: a 404 like any missing page, with or without a token", async () => {
    expect((await fetch(`${shop.baseUrl}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain("http_requests_total");
  });
});

describe("metrics behind METRICS_TOKEN", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ METRICS_TOKEN: TOKEN, TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const scrape = async () => {
    const response = await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("answers 404 to a scrape without the token or with another one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await fetch(`${shop.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(404);
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("serves the Prometheus text format with the token: requests, process, job queues and the shop's totals", async () => {
    const response = await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await response.text();
    for (const name of ["http_requests_total", "http_request_duration_seconds", "process_cpu_user_seconds_total"]) {
      expect(body).toContain(`# TYPE ${name} `);
    }
    expect(body).toContain("nodejs_eventloop_lag_seconds");
    expect(body).toMatch(/^job_queue_jobs\{queue="send-email",state="failed"\} \d+$/m);
    expect(body).toMatch(/^shop_orders\{status="refunded"\} \d+$/m);
    if (DRIVER_NAME === "postgres") {
      expect(sample(body, "db_pool_max_connections", { pool: "shop" })).toBe(10);
      expect(sample(body, "db_pool_max_connections", { pool: "jobs" })).toBe(4);
    } else {
      expect(body).not.toContain("db_pool_");
    }
  });

  it("labels requests by route pattern and status class, never by the address asked for", async () => {
    const browser = openBrowser(shop);
    const before = await scrape();
    expect((await browser.get("/shop/luna-collagen/m8")).status).toBe(200);
    expect((await browser.get("/shop/joffee/no-such-product-1234")).status).toBe(404);
    expect((await browser.get("/no-such-page-5678")).status).toBe(404);
    expect((await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" })).status).toBe(303);
    const after = await scrape();
    const moved = (labels: Record<string, string>, name = "http_requests_total") =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved({ route: "/shop/:series/:productId", method: "GET", status: "2xx" })).toBe(1);
    expect(moved({ route: "/shop/:series/:productId", method: "GET", status: "4xx" })).toBe(1);
    expect(moved({ route: "other", method: "GET", status: "4xx" })).toBe(1);
    expect(moved({ route: "/bag", method: "POST", status: "3xx" })).toBe(1);
    expect(moved({ route: "/shop/:series/:productId" }, "http_request_duration_seconds_count")).toBe(2);
    for (const raw of ["luna-collagen", "no-such-product", "no-such-page"]) expect(after).not.toContain(raw);
  });

  it("reads orders, refunds and points from the database: the figures move after an order and a refund", async () => {
    const totals = async () => {
      const body = await scrape();
      return {
        paid: sample(body, "shop_orders", { status: "paid" }),
        refunds: sample(body, "shop_refunds", { status: "succeeded" }),
        refundedCents: sample(body, "shop_refunded_cents", { status: "succeeded" }),
        orderPoints: sample(body, "shop_loyalty_points", { transaction_type: "credit", kind: "order" }),
        reversedPoints: sample(body, "shop_loyalty_points", { transaction_type: "debit", kind: "refund" }),
      };
    };
    const before = await totals();
    const member = openBrowser(shop);
    await member.signIn(newPerson());
    const { invoiceId } = await placeOrderOverHttp(shop, shippingFor("metrics@example.com"), member);
    // One reading serves scrapes for a few seconds, so the new figures show within those.
    await expect.poll(async () => (await totals()).paid, { timeout: 20_000 }).toBe(before.paid + 1);
    const afterOrder = await totals();
    // The S$39.00 box earns the new member a point for each whole S$1.
    expect(afterOrder.orderPoints).toBe(before.orderPoints + 39);

    const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    const staff = await staffSignIn(shop, TEST_OWNER);
    const page = await (await staff.get(`/admin/orders/${order?.id}`)).text();
    const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(page)?.[1] ?? "";
    const asked = await staff.post(`/admin/orders/${order?.id}`, {
      csrf,
      intent: "refund",
      kind: "amount",
      amount: "10.00",
      reason: "One box arrived dented",
    });
    const refunded = await staff.post(`/admin/orders/${order?.id}`, confirmationFields(await asked.text()));
    expect(refunded.status).toBe(200);
    await expect.poll(async () => (await totals()).refunds, { timeout: 20_000 }).toBe(before.refunds + 1);
    const afterRefund = await totals();
    expect(afterRefund.refundedCents).toBe(before.refundedCents + 1_000);
    // S$10.00 of the S$43.90 paid (the box and S$4.90 shipping) takes back 39 × 1000 / 4390 points, rounded down.
    expect(afterRefund.reversedPoints).toBe(before.reversedPoints + 8);
  });
});

describe("metrics on METRICS_PORT", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ METRICS_PORT: "0" });
  });
  afterAll(() => shop.close());

  it("serves /metrics on its own listener without a token, and nothing else there or on the shop's port", async () => {
    const metricsUrl = `http://127.0.0.1:${shop.server.metricsPort}`;
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("http_requests_total");
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
    expect((await fetch(`${shop.baseUrl}/metrics`)).status).toBe(404);
  });
});
