import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { paymentMethodSettings } from "../../db/schema/payment-methods.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { shippingFor, startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const STAMP_FIELD = /<input type="hidden" name="seen" value="([^"]*)"/;

describe("payment methods over HTTP: the merchant's switches, the test provider's PayNow, GrabPay and wallets", () => {
  let shop: TestServer;
  const db = () => shop.server.database.db;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const settings = async () => (await db().select().from(paymentMethodSettings))[0];

  it("offers cards only until an owner switches methods on, audited, refusing a stale form and staff who may not", async () => {
    const shopper = openBrowser(shop);
    const cardsOnly = await (await shopper.get(await startCheckoutOverHttp(shopper, shippingFor("cards@example.com")))).text();
    expect(cardsOnly).not.toContain("PayNow");
    expect(cardsOnly).not.toContain("Pay with Apple Pay");

    const owner = await staffSignIn(shop, TEST_OWNER);
    const form = await (await owner.get("/admin/payments")).text();
    for (const method of ["Cards", "PayNow", "GrabPay", "Apple Pay", "Google Pay"]) expect(form).toContain(method);
    const csrf = CSRF_FIELD.exec(form)?.[1] ?? "";
    const seen = STAMP_FIELD.exec(form)?.[1] ?? "";
    const saved = await owner.post("/admin/payments", { csrf, seen, paynow: "on", grabpay: "on", apple_pay: "on" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Payment methods saved.");
    expect(await settings()).toMatchObject({ paynow: true, grabpay: true, applePay: true, googlePay: false });
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "payment.methods"));
    expect(audited).toMatchObject({ target: "shop", before: { paynow: false }, after: { paynow: true, google_pay: false } });

    const stale = await owner.post("/admin/payments", { csrf, seen, google_pay: "on" });
    expect(stale.status).toBe(409);
    expect(await settings()).toMatchObject({ paynow: true, googlePay: false });

    const staff = newPerson("google", "Orderly");
    await owner.post("/admin/staff", {
      csrf: CSRF_FIELD.exec(await (await owner.get("/admin/staff")).text())?.[1] ?? "",
      intent: "add",
      email: staff.email,
      role: "staff",
      permissions: "orders",
    });
    const orderly = await staffSignIn(shop, staff);
    expect((await orderly.get("/admin/payments")).status).toBe(403);
    const refused = await orderly.post("/admin/payments", { csrf: "", paynow: "" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await settings()).toMatchObject({ paynow: true, grabpay: true, applePay: true });
  });

  it("pays by PayNow: the QR code, the waiting page with its link to ask again, then the order paid by PayNow", async () => {
    const shopper = openBrowser(shop);
    const payPath = await startCheckoutOverHttp(shopper, shippingFor("paynow@example.com"));
    const choice = await (await shopper.get(`${payPath}?method=paynow`)).text();
    expect(choice).toContain("Show the PayNow QR code");
    const started = await shopper.post(payPath, { way: "paynow" });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(payPath);
    const code = await (await shopper.get(payPath)).text();
    expect(code).toMatch(/<svg[^>]*aria-label="PayNow QR code"/);
    for (const button of ["Pay", "Let it expire", "Fail the payment"]) expect(code).toContain(`>${button}</button>`);
    const back = /href="([^"]*\/checkout\/complete\/[^"]+)"/.exec(code)?.[1] ?? "";
    const completePath = new URL(back).pathname;

    const waiting = await shopper.get(completePath);
    expect(waiting.status).toBe(200);
    const waitingHtml = await waiting.text();
    expect(waitingHtml).toContain("Waiting for your PayNow payment");
    // Without JavaScript the shopper asks again by a link to the same page.
    expect(/<a [^>]*href="([^"]*)"[^>]*>Check again now<\/a>/.exec(waitingHtml)?.[1]).toBe(completePath);

    const paid = await shopper.post(payPath, { way: "paynow_paid" });
    expect(paid.status).toBe(303);
    const done = await (await shopper.get(completePath)).text();
    const invoiceId = /data-testid="invoice-id">([0-9A-Z]{8})</.exec(done)?.[1] ?? "";
    const [order] = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    expect(order?.paymentMethod).toBe("paynow");
    expect(await (await shopper.get(`/order/${invoiceId}`)).text()).toMatch(/ by (<!-- -->)?PayNow/);
    // A second press of Pay charges nothing more.
    expect((await shopper.post(payPath, { way: "paynow_paid" })).status).toBe(303);
  });

  it("keeps the bag with a message when a PayNow code expires, and refuses a way the session does not offer", async () => {
    const shopper = openBrowser(shop);
    const payPath = await startCheckoutOverHttp(shopper, shippingFor("lapsed@example.com"));
    const unoffered = await shopper.post(payPath, { way: "google_pay" });
    expect(unoffered.status).toBe(402);
    expect(await unoffered.text()).toContain("not offered");
    const unknown = await shopper.post(payPath, { way: "cash" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose how to pay.");
    await shopper.post(payPath, { way: "paynow" });
    const expired = await shopper.post(payPath, { way: "paynow_expired" });
    const completion = await shopper.get(new URL(expired.headers.get("location") ?? "").pathname);
    expect(completion.status).toBe(404);
    expect(await completion.text()).toContain(
      "This checkout expired before it was paid, so no order was placed. Your bag is kept.",
    );
    expect(await (await shopper.get("/bag")).text()).toContain("Luna Collagen");
  });

  it("pays by GrabPay and by the Apple Pay button, each order showing how it was paid", async () => {
    for (const [way, label] of [
      ["grabpay", "GrabPay"],
      ["apple_pay", "Apple Pay · Visa ·· 4242"],
    ] as const) {
      const shopper = openBrowser(shop);
      const payPath = await startCheckoutOverHttp(shopper, shippingFor(`${way}@example.com`));
      const paid = await shopper.post(payPath, { way });
      expect(paid.status).toBe(303);
      const done = await (await shopper.get(new URL(paid.headers.get("location") ?? "").pathname)).text();
      const invoiceId = /data-testid="invoice-id">([0-9A-Z]{8})</.exec(done)?.[1] ?? "";
      const [order] = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
      const owner = await staffSignIn(shop, TEST_OWNER);
      expect(await (await owner.get(`/admin/orders/${order?.id}`)).text()).toContain(label);
    }
  });
});
