import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateOrderCode } from "../../kernel/order-code.ts";
import { sentEmailFiles } from "../setup/email-text.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("checkout over HTTP with the test payment provider", () => {
  let shop: TestServer;
  let dataDir = "";
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    dataDir = shop.dataDir;
  });
  afterAll(() => shop.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (path: string, body: string, cookie = "", headers: Record<string, string> = {}) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    });

  /** A new bag with one option, sent through the shipping step: its cookie and the payment page's path. */
  async function checkoutWith(optionId: string, quantity: string, mobile: string) {
    const added = await post("/bag", form({ intent: "add", optionId, quantity }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const shipping = {
      name: "Lim Wei",
      email: "wei@example.com",
      mobile,
      address: "10 Anson Road, #20-01",
      postalCode: "079903",
    };
    const started = await post("/checkout/shipping", form(shipping), cookie);
    return { cookie, started };
  }

  it("pays, and any number of concurrent returns from payment show the same single order", async () => {
    const { cookie, started } = await checkoutWith("op-m8_ba-1b", "2", "+65 8123 4567");
    expect(started.status).toBe(303);
    const payPath = started.headers.get("location") ?? "";
    expect(payPath).toMatch(/^\/pay\/test\/cs_test_/);

    const paid = await post(payPath, form({ cardNumber: "4242424242424242" }), cookie);
    expect(paid.status).toBe(303);
    const completePath = new URL(paid.headers.get("location") ?? "").pathname;
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${shop.baseUrl}${completePath}`).then((r) => r.text())),
    );
    const invoiceIds = new Set(pages.map((html) => /data-testid="invoice-id">([0-9A-Z]{8})</.exec(html)?.[1]));
    expect(invoiceIds.size).toBe(1);
    expect([...invoiceIds][0]).toMatch(/^[0-9A-Z]{8}$/);
    expect(pages[0]).toContain("S$78.00");

    const bag = await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text();
    expect(bag).toContain("Your bag is empty.");
    // The confirmation is sent by a job, just after the order commits.
    const outbox = await eventually(
      async () => sentEmailFiles(path.join(dataDir, "outbox")),
      (files) => files.length > 0,
    );
    expect(outbox).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, "outbox", outbox[0] ?? ""), "utf8")).toContain(
      `Subject: Your Nectar Lab order ${[...invoiceIds][0]}`,
    );
  });

  it("limits order lookups per client, so invoice ids cannot be guessed", async () => {
    const attempt = () => post("/order", form({ invoiceId: "6A00000H", mobile: "91234567" }));
    for (let i = 0; i < 10; i++) {
      const response = await attempt();
      expect(response.status).toBe(404);
      const page = await response.text();
      expect(page).toContain("We couldn&#x27;t find an order with that invoice number and mobile number.");
      // Without JavaScript the form comes back as it was typed, ready to correct one field.
      expect(page).toMatch(/<input id="invoiceId"[^>]*value="6A00000H"/);
      expect(page).toMatch(/<input id="mobile"[^>]*value="91234567"/);
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too many attempts. Please try again in \d+ minutes?\./);
  });

  it("limits the checkouts one client address starts, and says so on the shipping page", async () => {
    const added = await post("/bag", form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const shipping = form({
      name: "Lim Wei",
      email: "wei@example.com",
      mobile: "91234567",
      address: "10 Anson Road",
      postalCode: "079903",
    });
    const from = (address: string) => post("/checkout/shipping", shipping, cookie, { "x-forwarded-for": address });
    for (let started = 0; started < 20; started++) expect((await from("192.0.2.44")).status).toBe(303);
    const limited = await from("192.0.2.44");
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/<p role="alert"[^>]*>Too many attempts. Please try again in \d+ minutes?\.<\/p>/);
    // Another address is not held back by this one.
    expect((await from("192.0.2.45")).status).toBe(303);
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const response = await fetch(`${shop.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      body: JSON.stringify({
        id: "evt_forged",
        type: "checkout.session.completed",
        data: { object: { id: "cs_test_x", object: "checkout.session" } },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature." });
  });

  it("sends a stranger asking for an order to the lookup form, also on a client navigation", async () => {
    const code = generateOrderCode(new Date());
    const lookup = `/order?${new URLSearchParams({ invoice: code, next: `/order/${code}` })}`;
    const page = await fetch(`${shop.baseUrl}/order/${code}`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(lookup);
    const navigation = await (await fetch(`${shop.baseUrl}/order/${code}.data`, { redirect: "manual" })).text();
    expect(navigation).toContain(`"redirect","${lookup}"`);
    expect(navigation).not.toContain(`${code}.data`);
    // What is no order code at all is no page.
    const none = await fetch(`${shop.baseUrl}/order/6A00000H`);
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("Page not found: /order/6A00000H");
  });

  it("answers an unknown checkout session with a clear 404 page", async () => {
    const response = await fetch(`${shop.baseUrl}/checkout/complete/cs_test_doesnotexist123`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We couldn&#x27;t find a paid order for this checkout.");
  });

  it("tells a shopper who returns without paying that no order was placed", async () => {
    const { cookie, started } = await checkoutWith("op-j4_bb-1b", "1", "81234567");
    const sessionId = (started.headers.get("location") ?? "").split("/").pop();
    const declined = await post(`/pay/test/${sessionId}`, form({ cardNumber: "4000000000000002" }), cookie);
    expect(declined.status).toBe(402);
    const response = await fetch(`${shop.baseUrl}/checkout/complete/${sessionId}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This checkout has not been paid yet.");
  });

  it("sends in the summary's data the priced lines it shows, not the bag's catalogue entries, and still shows them", async () => {
    const added = await post("/bag", form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "2" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const data = await (await fetch(`${shop.baseUrl}/checkout/summary.data`, { headers: { cookie } })).text();
    for (const unshown of ["skuId", "retailPriceCents", "campaignDiscountExclusion"])
      expect(data, unshown).not.toContain(unshown);
    const html = (await (await fetch(`${shop.baseUrl}/checkout/summary`, { headers: { cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain("Review your bag");
    expect(html).toContain("Luna Collagen Nectar, 8-serving box");
    expect(html).toContain("S$78.00");
    const emptied = await post("/bag", form({ intent: "remove", optionId: "op-m8_ba-1b" }), cookie);
    expect(emptied.status).toBe(303);
    expect(await (await fetch(`${shop.baseUrl}/checkout/summary`, { headers: { cookie } })).text()).toContain(
      "Your bag is empty",
    );
  });

  it("gives FIRST1 back to a shopper who returns from payment without paying, so they can check out with it again", async () => {
    const added = await post("/bag", form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await post("/checkout/summary", form({ code: "first1" }), cookie)).status).toBe(200);
    const shipping = {
      name: "Lim Wei",
      email: "wei@example.com",
      mobile: "91234567",
      address: "10 Anson Road",
      postalCode: "079903",
    };
    const first = await post("/checkout/shipping", form(shipping), cookie);
    expect(first.headers.get("location")).toMatch(/^\/pay\/test\/cs_test_/);
    const declined = await post(first.headers.get("location") ?? "", form({ cardNumber: "4000000000000002" }), cookie);
    expect(declined.status).toBe(402);

    const back = await (await fetch(`${shop.baseUrl}/checkout/summary?cancelled=1`, { headers: { cookie } })).text();
    expect(back).toContain("Payment was cancelled.");
    expect(back).not.toContain("fully used");
    expect(back).toContain("(FIRST1)");
    const again = await post("/checkout/shipping", form(shipping), cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).not.toBe(first.headers.get("location"));
    const ended = await (await fetch(`${shop.baseUrl}${first.headers.get("location")}`, { headers: { cookie } })).text();
    expect(ended).toContain("This payment session has ended.");
  });

  it("refuses shipping details the database cannot store as bad input, never a server error", async () => {
    const added = await post("/bag", form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const shipping = {
      name: "Lim\u0000Wei",
      email: "wei@example.com",
      mobile: "91234567",
      address: "10 Anson Road",
      postalCode: "079903",
    };
    const response = await post("/checkout/shipping", form(shipping), cookie);
    expect(response.status).toBe(400);
  });

  it("answers order, checkout and payment addresses of any length with 404, never a server error", async () => {
    const long = "x".repeat(5000);
    for (const path of [
      `/order/${long}`,
      `/order-details/${long}`,
      `/order/${long}/invoice.pdf`,
      `/checkout/complete/cs_${long}`,
      `/pay/test/cs_${long}`,
    ]) {
      expect((await fetch(`${shop.baseUrl}${path}`)).status, path).toBe(404);
    }
    expect((await post(`/pay/test/cs_${long}`, form({ cardNumber: "4242424242424242" }))).status).toBe(404);
  });
});
