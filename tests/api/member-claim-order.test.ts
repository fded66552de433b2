import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placePastOrder } from "../setup/past-orders.ts";
import { newPerson, openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const buyerEmail = () => `buyer-${randomUUID().slice(0, 12)}@example.com`;

describe("the claim form on /member", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  it("claims an order from the member page and says what it brought; errors come back with the page", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const order = await placePastOrder(shop.server.database.db, { email: buyerEmail(), mobile: "8765 4321", paidAt: new Date() });

    const wrong = await browser.post("/member", { intent: "claim-order", invoiceId: order.invoiceId, mobile: "9123 4567" });
    expect(wrong.status).toBe(404);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(`role="alert"`);
    expect(wrongPage).toContain("We couldn&#x27;t find an order with that invoice number and mobile number.");
    // Without JavaScript the form comes back as typed, ready to correct the mobile number.
    expect(wrongPage).toMatch(new RegExp(`<input id="claim-invoice-id"[^>]*value="${order.invoiceId}"`));
    expect(wrongPage).toMatch(/<input id="claim-mobile"[^>]*value="9123 4567"/);

    const claimed = await browser.post("/member", {
      intent: "claim-order",
      invoiceId: order.invoiceId.toLowerCase(),
      mobile: "8765-4321",
    });
    expect(claimed.status).toBe(200);
    const page = await claimed.text();
    expect(page).toContain(
      `Order ${order.invoiceId} is on your membership: 39 points added and S$39.00 counted towards your spend.`,
    );
    expect(page).toMatch(/data-testid="member-points"[^>]*>89</);

    const visitor = openBrowser(shop);
    const refused = await visitor.post("/member", { intent: "claim-order", invoiceId: order.invoiceId, mobile: "87654321" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/member/login?redirect=%2Fmember");
  });
});
