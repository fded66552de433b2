import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("pages over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const get = (path: string, init?: RequestInit) => fetch(`${shop.baseUrl}${path}`, { redirect: "manual", ...init });
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it.each([
    ["/", "Drinkable Nutrition. Look Better Feel Better. | Nectar Lab"],
    ["/shop", "Shop | Nectar Lab"],
    ["/shop/sale", "Bundles &amp; Sale | Nectar Lab"],
    ["/shop/joffee", "Joffee | Nectar Lab"],
    ["/shop/v5-vitality", "V5 Vitality | Nectar Lab"],
    ["/shop/luna-collagen", "Luna Collagen | Nectar Lab"],
    ["/shop/lean-up-calorie-burning", "Lean Up Calorie Burning | Nectar Lab"],
    ["/shop/lean-up-calorie-burning/lmt", "Lean Up Guide | Nectar Lab"],
    ["/shop/luna-collagen/m8", "Luna Collagen Nectar, 8-serving box | Nectar Lab"],
    ["/shop/sale", "Bundles &amp; Sale | Nectar Lab"],
    ["/bag", "Bag | Nectar Lab"],
  ])("renders %s on the server with its title", async (path, title) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe(title);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers an unmatched path with 404 in place: the error page for browsers, a plain 404 for crawlers", async () => {
    const browser = await get("/no/such-page", { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130" } });
    expect(browser.status).toBe(404);
    const html = await browser.text();
    expect(html).toContain("Page not found: /no/such-page");
    expect(titleOf(html)).toBe("404 - Page not found: /no/such-page | Nectar Lab");
    for (const userAgent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "facebookexternalhit/1.1"]) {
      const crawled = await get("/no/such-page", { headers: { "user-agent": userAgent } });
      expect(crawled.status).toBe(404);
      expect(await crawled.text()).toBe("Page not found: /no/such-page\n");
    }
    expect((await get("/404")).status).toBe(404);
  });

  it("gives 404 Page Not Found for a malformed product id", async () => {
    const response = await get("/shop/luna-collagen/NOT_AN_ID");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /shop/luna-collagen/NOT_AN_ID");
  });

  it("answers 404 in place for an unknown product or series (no soft 404), and moves a wrong series to the canonical address", async () => {
    for (const path of ["/shop/luna-collagen/zzz9", "/shop/luna/m8", "/shop/luna-collagen/m4"]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain(`Page not found: ${path}`);
    }
    const moved = await get("/shop/joffee/m8");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/shop/luna-collagen/m8");
  });

  it("answers the data requests of client navigations without redirecting", async () => {
    const response = await get("/shop/luna-collagen/m8.data");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("op-m8_ba-1b");
  });

  it("shows every active product on its page with prices per box and per serving", async () => {
    const html = await (await get("/shop/lean-up-calorie-burning/lbndl4")).text();
    expect(html).toContain("S$117.60");
    expect(html).toContain("4 Boxes + 1 Free Blueberry Box");
    expect(html).toContain("36 servings");
  });

  it("puts a saving on the cards of the products that save something, the bundles, and on no box", async () => {
    /** Each card's text, and the saving it claims (null when none). */
    const savingsOnCards = async (path: string) =>
      new Map(
        (await (await get(path)).text())
          .split("<article ")
          .slice(1)
          .map((card) => card.replaceAll("<!-- -->", ""))
          .map((card) => [/<h3[^>]*>(?:<a[^>]*>)?([^<]+)/.exec(card)?.[1], /Save up to (S\$[\d.]+)/.exec(card)?.[1] ?? null]),
      );
    const shop = await savingsOnCards("/shop");
    // A box is sold at its own price; two or three show their lower price per box, not a saving.
    for (const box of [
      "Luna Collagen Nectar, 8-serving box",
      "V5 Vitality shots, 8-shot box",
      "Lean Up Nectar, 4-serving trial box",
    ]) {
      expect(shop.get(box), box).toBeNull();
    }
    expect((await savingsOnCards("/")).get("Luna Collagen Glow Collection")).toBe("S$87.80");
    expect(await (await get("/shop/luna-collagen/mbndl5")).text()).toContain("You save");
  });

  it("says flavours mix across boxes for the quantity price, as the bag prices them", async () => {
    const html = await (await get("/shop/luna-collagen/m8")).text();
    expect(html).toContain("Mix flavours across boxes and save on two or three.");
    expect(html).not.toContain("boxes of one flavour");
  });

  it("sends in a product page's data what the page shows, and the page still shows its options, prices, saving and offers", async () => {
    const data = await (await get("/shop/luna-collagen/mbndl5.data")).text();
    for (const unshown of ["skuId", "retailPriceCents", "singleBoxValueCents", "campaignDiscountExclusion", "productId"]) {
      expect(data, unshown).not.toContain(unshown);
    }
    const html = (await (await get("/shop/luna-collagen/mbndl5")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Choose an option");
    expect(html).toMatch(/Per serving<\/dt><dd[^>]*>S\$[\d.]+/);
    expect(html).toMatch(/You save<\/dt><dd[^>]*>S\$[\d.]+/);
    const offers = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}").offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "SGD", availability: "https://schema.org/InStock" });
      expect(Number(offer.price)).toBeGreaterThan(0);
    }
  });

  it("serves the built assets with a long cache", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });
});
