import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growCatalog } from "../../db/seed/grown-catalog.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** The page's text as a shopper reads it: without React's text separators, with & unescaped. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
const cardsOf = (html: string) => html.match(/<article /g)?.length ?? 0;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe("listing pages on a catalogue ten times the shop's", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
    await growCatalog(shop.server.database.db, 10);
  });
  afterAll(() => shop.close());

  const get = (path: string, init?: RequestInit) => fetch(`${shop.baseUrl}${path}`, { redirect: "manual", ...init });

  it("shows twelve products a page with links to the other pages, each page its own canonical address", async () => {
    const first = await (await get("/shop/luna-collagen")).text();
    expect(cardsOf(first)).toBe(12);
    expect(canonicalOf(first)).toBe(`${shop.baseUrl}/shop/luna-collagen`);
    expect(titleOf(first)).toBe("Luna Collagen | Nectar Lab");
    expect(first).toContain('<nav aria-label="Luna Collagen pages"');
    expect(first).toMatch(/<a aria-current="page"[^>]*href="\/shop\/luna-collagen"/);
    expect(first).toContain('href="/shop/luna-collagen?page=2"');

    // Luna has 4 active products, so 40 here: pages of 12, 12, 12 and 4.
    const last = await get("/shop/luna-collagen?page=4");
    expect(last.status).toBe(200);
    const html = await last.text();
    expect(cardsOf(html)).toBe(4);
    expect(canonicalOf(html)).toBe(`${shop.baseUrl}/shop/luna-collagen?page=4`);
    expect(titleOf(html)).toBe("Luna Collagen, page 4 | Nectar Lab");
    expect(html).toContain('rel="prev"');
    expect(html).not.toContain('rel="next"');
    expect((await get("/shop/luna-collagen.data?page=2")).status).toBe(200);
  });

  it("moves ?page=1 to the bare address and answers 404 for a page that does not exist, never 500", async () => {
    const one = await get("/shop/luna-collagen?page=1");
    expect(one.status).toBe(301);
    expect(one.headers.get("location")).toBe("/shop/luna-collagen");
    for (const page of ["5", "0", "-1", "1.5", "abc", "", "9999999", "2&page=3", "%00"]) {
      const response = await get(`/shop/luna-collagen?page=${page}`);
      expect(response.status, page).toBe(page === "%00" ? 400 : 404);
      if (page !== "%00") expect(textOf(await response.text())).toContain(`Page not found: /shop/luna-collagen?page=${page}`);
    }
    expect((await get("/shop/sale?page=6")).status).toBe(404);
  });

  it("pages the bundles and shows each line's first three products on /shop", async () => {
    const sale = await (await get("/shop/sale?page=5")).text();
    expect(sale.match(/<table /g)?.length).toBe(12);
    expect(canonicalOf(sale)).toBe(`${shop.baseUrl}/shop/sale?page=5`);
    const shopPage = textOf(await (await get("/shop")).text());
    expect(cardsOf(shopPage)).toBe(12);
    expect(shopPage).toContain("View all 20 Luna Collagen");
    expect(shopPage).toContain("See our 60 bundles");
  });

  it("sends in a listing's page data what its cards show, without options or SKUs", async () => {
    for (const path of ["/shop/luna-collagen.data", "/shop.data", "/_root.data", "/shop/sale.data"]) {
      const body = await (await get(path)).text();
      expect(body, path).not.toContain("skuId");
      expect(body, path).not.toContain("retailPriceCents");
    }
    expect(await (await get("/shop/luna-collagen.data")).text()).not.toContain("op-m8");
  });

  it("shows every card the picture of what it sells, the grown batches too, sized beforehand and the later rows fetched as they come into view", async () => {
    const html = await (await get("/shop/luna-collagen?page=2")).text();
    const pictures = [
      ...html.matchAll(/<img src="\/photos\/[0-9a-f]{16}-640\.webp" alt="([^"]+)" width="960" height="960" loading="(\w+)"/g),
    ];
    expect(pictures).toHaveLength(12);
    expect(new Set(pictures.map((picture) => picture[1]))).toEqual(
      new Set([
        "A box of Luna Collagen in Berries Acai, with three of its sachets",
        "A stand-up pouch of Luna Collagen in Berries Acai",
        "5 boxes of Luna Collagen in Berries Acai, Lychee Luxe, Passionfruit Blossom, Strawberry Bliss and Yuzu Delight",
        "12 boxes of Luna Collagen in Berries Acai, Yuzu Delight, Lychee Luxe, Passionfruit Blossom and Strawberry Bliss",
      ]),
    );
    expect(pictures.slice(3).every((picture) => picture[2] === "lazy")).toBe(true);
    expect(html).not.toContain("<svg viewBox");
  });
});
