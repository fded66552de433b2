import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippingFor, startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const ADD = { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" };

/** A load balancer ends TLS: the browser's address is https://…, the shop is spoken to over plain HTTP. */
describe("the shop behind a proxy that ends TLS", () => {
  let shop: TestServer;
  let untrusting: TestServer;
  let proxied: Record<string, string>;
  beforeAll(async () => {
    [shop, untrusting] = await Promise.all([startTestServer({ TRUSTED_PROXY_HOPS: "1" }), startTestServer()]);
    proxied = { origin: shop.baseUrl.replace(/^http:/, "https:"), "x-forwarded-proto": "https" };
  });
  afterAll(() => Promise.all([shop?.close(), untrusting?.close()]));

  it("accepts the browser's form posts, whose origin is the https address", async () => {
    const browser = openBrowser(shop);
    expect((await browser.post("/bag", ADD, proxied)).status).toBe(303);
    const hydrated = await browser.post("/bag.data", ADD, proxied);
    expect(hydrated.status).toBe(200);
    expect(await hydrated.text()).toContain("Added to your bag.");
  });

  it("sends the shopper back from payment to the https address", async () => {
    const browser = openBrowser(shop);
    const proxiedBrowser = {
      ...browser,
      post: (path: string, form: Parameters<typeof browser.post>[1]) => browser.post(path, form, proxied),
    };
    const payPath = await startCheckoutOverHttp(proxiedBrowser, shippingFor("proxied@example.com"));
    const paid = await browser.post(payPath, { cardNumber: "4242424242424242" }, proxied);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(new RegExp(`^${proxied.origin}/checkout/complete/cs_test_`));
  });

  it("does not believe X-Forwarded-Proto when no proxy is trusted: anyone can write it", async () => {
    const browser = openBrowser(untrusting);
    const forged = { origin: untrusting.baseUrl.replace(/^http:/, "https:"), "x-forwarded-proto": "https" };
    expect((await browser.post("/bag", ADD, forged)).status).toBe(403);
    expect((await browser.post("/bag", ADD)).status).toBe(303);
  });
});
