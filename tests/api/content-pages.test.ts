import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../kernel/money.ts";
import { SERIES, seriesSlug } from "../../kernel/series.ts";
import { V1_TERMS } from "../setup/programme-fixtures.ts";
import { SEEDED_STANDARD } from "../setup/seeded-delivery.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const HELP_SECTIONS = ["ordering", "delivery", "payment", "returns-and-refunds", "loyalty-programme", "account-and-sign-in"];

describe("company, legal and help pages over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ BRAND_NAME: "Pulp & Press" });
  });
  afterAll(() => shop.close());

  const get = (path: string) => fetch(`${shop.baseUrl}${path}`, { redirect: "manual" });
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it.each([
    ["/about-us", "About us", ["Pulp &amp; Press makes drinkable nutrition", "Luna Collagen"]],
    [
      "/careers",
      "Careers",
      ["Customer Care Lead", "mailto:careers@nectarlab.sg?subject=Application%3A%20Customer%20Care%20Lead"],
    ],
    ["/sustainability", "Sustainability", ["Packaging", "Sourcing", "Delivery", formatMoney(SEEDED_STANDARD.freeFromCents ?? 0)]],
    [
      "/privacy-policy",
      "Privacy policy",
      [
        "Personal Data Protection Act",
        "Data Protection Officer",
        "dpo@nectarlab.sg",
        "Stripe",
        "withdraw your consent",
        "visitor",
      ],
    ],
    [
      "/terms-and-conditions",
      "Terms and conditions",
      [
        "include GST",
        formatMoney(SEEDED_STANDARD.priceCents),
        formatMoney(V1_TERMS.goldThresholdCents),
        "When points are removed",
      ],
    ],
    ["/help", "Help centre", ["Returns and refunds", "Lean Up Calorie Burning", 'action="/help/search"']],
  ])("%s answers 200 with its title and content", async (path, title, texts) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe(`${title} | Pulp &amp; Press`);
    for (const text of texts) expect(html).toContain(text);
    expect(html).not.toContain("{{");
  });

  it("answers every help topic and every product line's help", async () => {
    for (const id of HELP_SECTIONS) {
      const response = await get(`/help/${id}`);
      expect(response.status, id).toBe(200);
      expect(await response.text()).toContain('<h2 id="');
    }
    for (const series of SERIES) {
      const response = await get(`/help/product/${seriesSlug(series)}`);
      expect(response.status, seriesSlug(series)).toBe(200);
      const html = await response.text();
      for (const heading of ["How to take it", "Ingredients", "Allergens", "Storage"]) expect(html).toContain(heading);
      expect(html).toContain(`href="/shop/${seriesSlug(series)}"`);
    }
  });

  it("sends the Markdown's typography with the pages that have an article, and only with them", async () => {
    for (const path of ["/about-us", "/help/delivery", "/help/product/joffee"]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<style [^>]*data-href="content-prose"[^>]*>[^<]*\.content-prose h2\{/);
    }
    for (const path of ["/", "/shop/luna-collagen", "/help"]) {
      expect(await (await get(path)).text(), path).not.toContain(".content-prose");
    }
  });

  it("lists the flavours the catalogue sells on a product line's help", async () => {
    const html = await (await get("/help/product/luna-collagen")).text();
    expect(html).toContain("Flavours on sale");
    for (const flavour of ["Berries Acai", "Lychee Luxe", "Passionfruit Blossom"]) expect(html).toContain(flavour);
  });

  it("answers unknown help ids with 404, as other missing pages", async () => {
    for (const path of ["/help/no-such-topic", "/help/product/no-such-line", "/help/product", "/help/product/joffee/more"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain(`Page not found: ${path}`);
    }
  });

  it("searches help without JavaScript: results with section, snippet and link", async () => {
    const response = await get("/help/search?q=chicory");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("1 result for “chicory”");
    expect(html).toContain('href="/help/product/joffee#ingredients"');
    expect(html).toContain("<mark");
  });

  it("says so when nothing matches", async () => {
    const response = await get("/help/search?q=xyzzy+plugh");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("No results for “xyzzy plugh”");
  });

  it("answers a query it cannot search with 400 and a message, never a 500", async () => {
    const cases: [string, string][] = [
      ["/help/search?q=", "Type at least 2 characters"],
      ["/help/search?q=a", "Type at least 2 characters"],
      [`/help/search?q=${"long+".repeat(30)}`, "Search for at most 100 characters"],
      ["/help/search?q=%3F%21%3F", "Search for a word"],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain(message);
    }
    for (const path of ["/help/search?q=%00%00", "/help/search?q=%E0%A4%A", "/help/search?q=a&q=b"]) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(200);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("serves the fixed pages from the page cache, and never keeps a search", async () => {
    const paths = ["/about-us", "/careers", "/sustainability", "/privacy-policy", "/terms-and-conditions", "/help"];
    for (const path of [...paths, "/help/delivery", "/help/product/joffee", "/help/delivery.data"]) {
      await (await get(path)).text();
      const again = await get(path);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.status).toBe(200);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const search = await get("/help/search?q=delivery");
      expect(search.headers.get("x-page-cache")).toBeNull();
      await search.text();
    }
  });

  it("links each product page to its product line's help", async () => {
    const html = await (await get("/shop/luna-collagen/m8")).text();
    expect(html).toContain('href="/help/product/luna-collagen"');
  });
});
