import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, openBrowser, type ShopBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const decodeHtml = (value: string) => value.replaceAll("&amp;", "&");

describe("keeping the order just paid from the completion page", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  /** A guest bag of one box, paid with the test card: the completion page's path. */
  async function payAsGuest(browser: ShopBrowser): Promise<string> {
    await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const shipping = {
      name: "Lim Wei",
      email: "wei@example.com",
      mobile: "+65 8123 4567",
      address: "10 Anson Road",
      postalCode: "079903",
    };
    const started = await browser.post("/checkout/shipping", shipping);
    expect(started.status).toBe(303);
    const paid = await browser.post(started.headers.get("location") ?? "", { cardNumber: "4242424242424242" });
    expect(paid.status).toBe(303);
    return new URL(paid.headers.get("location") ?? "").pathname;
  }

  it("offers the points, and joining from there puts the order on the membership with its points and spend, once", async () => {
    const browser = openBrowser(shop);
    const completePath = await payAsGuest(browser);
    const page = await (await browser.get(completePath)).text();
    const invoiceId = /data-testid="invoice-id">([0-9A-Z]{8})</.exec(page)?.[1] ?? "";
    expect(page).toMatch(/data-testid="keep-order-points">39 points</);
    const join = decodeHtml(/href="(\/member\/login\?redirect=[^"]+)"/.exec(page)?.[1] ?? "");
    const keepPath = new URL(join, shop.baseUrl).searchParams.get("redirect") ?? "";
    expect(keepPath).toMatch(/^\/member\/keep-order\?t=/);

    // Another browser with the page's address is offered nothing.
    const other = await (await openBrowser(shop).get(completePath)).text();
    expect(other).toContain(invoiceId);
    expect(other).not.toContain("keep-order");

    const { landing } = await browser.signIn(newPerson(), keepPath);
    expect(landing.headers.get("location")).toBe(keepPath);
    // Opening the link only asks: the order goes on the membership when the member confirms it.
    const asked = await browser.get(keepPath);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`Add order ${invoiceId}`);
    expect(await (await browser.get("/member")).text()).toMatch(/data-testid="member-purchases"[^>]*>0</);
    const token = new URL(keepPath, shop.baseUrl).searchParams.get("t") ?? "";
    const kept = await browser.post(keepPath, { token });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("location")).toBe("/member");
    const member = await (await browser.get("/member")).text();
    expect(member).toContain(invoiceId);
    expect(member).toMatch(/data-testid="member-points"[^>]*>89</);
    expect(member).toMatch(/data-testid="member-total-spent"[^>]*>S\$39\.00</);
    expect(member).toMatch(/data-testid="member-purchases"[^>]*>1</);

    // A reload finds the order already kept and counts nothing again.
    const again = await browser.post(keepPath, { token });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already linked this order.");
    expect(await (await browser.get("/member")).text()).toMatch(/data-testid="member-points"[^>]*>89</);

    // Signed in, the completion page offers nothing more for it.
    expect(await (await browser.get(completePath)).text()).not.toContain("keep-order");
  });

  it("sends a signed-out visitor of a keep link to sign in, changing nothing", async () => {
    const visitor = openBrowser(shop);
    const response = await visitor.get("/member/keep-order?t=1.abc.def");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Fkeep-order%3Ft%3D1.abc.def");
  });

  it("answers a link the shop did not sign with 400 and a message", async () => {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const response = await browser.get("/member/keep-order?t=1.abc.def");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This link to add an order is incomplete or not one of ours.");
  });
});
