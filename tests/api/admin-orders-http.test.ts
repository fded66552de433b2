import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orders } from "../../db/schema/orders.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import type { TestIdentity } from "../setup/embedded-sign-in.ts";
import { insertPaidOrder, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn as signInToBackOffice } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;

describe("the back office's orders over HTTP", () => {
  let shop: TestServer;
  let order: OrderRow;
  let memberBrowser: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    order = await insertPaidOrder(db(), { subtotalCents: 3_900 });
    memberBrowser = openBrowser(shop);
    await memberBrowser.signIn(newPerson("google", "Ong Bee Hoon"));
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const orderPath = () => `/admin/orders/${order.id}`;
  const current = async () => (await db().select().from(orders).where(eq(orders.id, order.id)))[0];

  const staffSignIn = (person: TestIdentity) => signInToBackOffice(shop, person);
  const csrfOf = async (browser: ShopBrowser, path = orderPath()) =>
    CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";

  it("answers 404 to guests and members, pages, exports and posts alike", async () => {
    for (const browser of [openBrowser(shop), memberBrowser]) {
      for (const path of ["/admin/orders", orderPath(), "/admin/orders.csv"]) expect((await browser.get(path)).status).toBe(404);
      expect((await browser.post(orderPath(), { carrier: "dhl", trackingNumber: "1234" })).status).toBe(404);
    }
    expect(await current()).toMatchObject({ status: "paid" });
  });

  it("lists, finds and shows an order to an owner; unknown orders and bad filters are refused plainly", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const list = await owner.get(`/admin/orders?query=${order.email}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(await list.text()).toContain(`href="${orderPath()}"`);
    const page = await owner.get(orderPath());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.invoiceId);
    expect(html).toContain("Mark shipped");
    expect((await owner.get("/admin/orders/no-such-order")).status).toBe(404);
    const badStatus = await owner.get("/admin/orders?status=lost");
    expect(badStatus.status).toBe(400);
    expect(await badStatus.text()).toContain("is not an order status");
    expect((await owner.get("/admin/orders?from=2026-13-01")).status).toBe(400);
  });

  it("exports the list as CSV, a formula-looking name kept as text", async () => {
    // The name the order was placed under, as its checkout recorded it.
    await db().execute(
      sql`update checkout_sessions set shipping = jsonb_set(shipping, '{name}', to_jsonb(${'=HYPERLINK("http://evil.test")'}::text))
          where id = (select checkout_session_id from orders where id = ${order.id})`,
    );
    const owner = await staffSignIn(TEST_OWNER);
    const csv = await owner.get(`/admin/orders.csv?query=${order.invoiceId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    const text = await csv.text();
    expect(text).toContain(order.invoiceId);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).toContain("39.00");
    // An export refused (here for a date that does not exist) says why, as a page, never a file.
    const refused = await owner.get("/admin/orders.csv?from=2026-02-30");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-disposition")).toBeNull();
    expect(await refused.text()).toMatch(/date/i);
  });

  it("refuses forms without the CSRF token, bad input and staff without the orders permission, changing nothing", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const csrf = await csrfOf(owner);
    for (const token of [undefined, "forged"]) {
      const refused = await owner.post(orderPath(), {
        carrier: "dhl",
        trackingNumber: "1234",
        ...(token ? { csrf: token } : {}),
      });
      expect(refused.status).toBe(403);
    }
    for (const [form, message] of [
      [{ carrier: "dhl", trackingNumber: "no spaces!" }, "4 to 40 letters, digits or dashes"],
      [{ carrier: "pigeon", trackingNumber: "1234" }, "is not a carrier we ship with"],
    ] as const) {
      const bad = await owner.post(orderPath(), { csrf, ...form });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(message);
    }
    const early = await owner.post(orderPath(), { csrf, intent: "deliver" });
    expect(early.status).toBe(409);

    const ownerCsrf = await csrfOf(owner, "/admin/staff");
    const writer = newPerson("google", "Writer");
    await owner.post("/admin/staff", {
      csrf: ownerCsrf,
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "points",
    });
    const writerBrowser = await staffSignIn(writer);
    expect((await writerBrowser.get("/admin/orders")).status).toBe(403);
    expect((await writerBrowser.get(orderPath())).status).toBe(403);
    expect((await writerBrowser.get("/admin/orders.csv")).status).toBe(403);
    expect(await (await writerBrowser.get("/admin")).text()).not.toContain('href="/admin/orders"');
    const writerCsrf = await csrfOf(writerBrowser, "/admin/members");
    const refused = await writerBrowser.post(orderPath(), { csrf: writerCsrf, carrier: "dhl", trackingNumber: "1234" });
    expect(refused.status).toBe(403);
    expect(await current()).toMatchObject({ status: "paid", carrier: null });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toEqual([]);
  });

  it("ships with a tracking number the shopper then sees, and marks it delivered", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const shipped = await owner.post(orderPath(), {
      csrf: await csrfOf(owner),
      carrier: "singpost",
      trackingNumber: "SG123456789",
    });
    expect(shipped.status).toBe(200);
    expect(await shipped.text()).toContain("Marked shipped");
    expect(await current()).toMatchObject({ status: "shipped", carrier: "singpost", trackingNumber: "SG123456789" });
    const delivered = await owner.post(orderPath(), { csrf: await csrfOf(owner), intent: "deliver" });
    expect(delivered.status).toBe(200);
    expect(await current()).toMatchObject({ status: "delivered" });
    const audit = await (await owner.get(`/admin/audit?action=order.ship`)).text();
    expect(audit).toContain(`Shipped order #${order.invoiceId}`);
    expect(audit).toContain(`href="${orderPath()}"`);
    expect(audit).toContain("SingPost");
  });

  it("shows owners the failed jobs page, refuses others, and refuses a retry of a job that is not there", async () => {
    for (const browser of [openBrowser(shop), memberBrowser]) expect((await browser.get("/admin/jobs")).status).toBe(404);
    const owner = await staffSignIn(TEST_OWNER);
    const page = await owner.get("/admin/jobs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No failed jobs");
    const csrf = await csrfOf(owner, "/admin/jobs");
    const missing = await owner.post("/admin/jobs", { csrf, name: "send-email", id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("There is no failed job with this id.");
    expect((await owner.post("/admin/jobs", { csrf, name: "mine-bitcoin", id: "x" })).status).toBe(400);
    expect((await owner.post("/admin/jobs", { name: "send-email", id: "x" })).status).toBe(403);
  });
});
