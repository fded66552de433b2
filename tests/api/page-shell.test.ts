import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const CRAWLERS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Twitterbot/1.0",
];
const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
const MISSING = ["/no/such-page", "/shop/no-such-line", "/shop/luna-collagen/NOT_AN_ID", "/order/INV-NOPE-0000"];

describe("the page shell over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const get = (path: string, userAgent = BROWSER) =>
    fetch(`${shop.baseUrl}${path}`, { redirect: "manual", headers: { "user-agent": userAgent } });
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("answers a browser's missing page with 404 and the error page at the address asked, never a redirect", async () => {
    for (const path of MISSING) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
      const html = await response.text();
      expect(html, path).toMatch(/Page [Nn]ot [Ff]ound: /);
      expect(html, path).toContain('href="/order"');
    }
  });

  it("answers /404 itself with 404, naming the original path", async () => {
    const response = await get("/404?path=%2Fthe%2Fpath");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(titleOf(html)).toBe("404 - Page not found: /the/path | Nectar Lab");
    for (const href of ["/", "/shop", "/help", "/order"]) expect(html).toContain(`href="${href}"`);
    // Only paths on this site are named.
    expect(titleOf(await (await get("/404?path=https%3A%2F%2Fevil.example")).text())).toBe(
      "404 - Page not found: /404 | Nectar Lab",
    );
  });

  it("gives crawlers a plain 404 at the address they asked for, never the error page", async () => {
    for (const userAgent of CRAWLERS) {
      for (const path of [...MISSING, "/404?path=%2Fx"]) {
        const response = await get(path, userAgent);
        expect(response.status, `${userAgent} ${path}`).toBe(404);
        expect(response.headers.get("location")).toBeNull();
        expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(await response.text()).toBe(`Page not found: ${path.split("?")[0]}\n`);
      }
      // A page that is there is the page, for crawlers as for anyone.
      const found = await get("/shop/luna-collagen/m8", userAgent);
      expect(found.status).toBe(200);
      expect(await found.text()).toContain("<title>");
    }
  });

  it("answers the data request of a client navigation to a missing page with 404 too", async () => {
    for (const path of ["/no/such-page.data", "/shop/no-such-line.data", "/404.data?path=%2Fx"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page not found: ");
    }
  });

  it("never keeps a missing page in the page cache, so a crawler never gets an error page from it", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await get("/shop/no-such-line");
      expect(response.status).toBe(404);
      expect(response.headers.get("x-page-cache")).toBeNull();
    }
    const crawled = await get("/shop/no-such-line", CRAWLERS[0]);
    expect(crawled.status).toBe(404);
    expect(await crawled.text()).toBe("Page not found: /shop/no-such-line\n");
    // A kept page is the page: a crawler asking after a browser gets it from the cache with 200.
    await get("/shop/joffee");
    const kept = await get("/shop/joffee", CRAWLERS[0]);
    expect([kept.status, kept.headers.get("x-page-cache")]).toEqual([200, "hit"]);
  });

  it("sends a browser the whole page at once with its data inline, as it sends a crawler, and keeps that page", async () => {
    // A page a browser asks for first is the one the cache keeps for everyone.
    for (const path of ["/shop/joffee", "/bag", "/checkout/summary"]) {
      for (const userAgent of [BROWSER, CRAWLERS[0] as string]) {
        const html = await (await get(path, userAgent)).text();
        expect(html, `${path} for ${userAgent}`).toContain("window.__reactRouterContext.streamController.close()");
        // Streamed, the data would come in hidden copies that React's own script then moves into place.
        expect(html, `${path} for ${userAgent}`).not.toContain('<div hidden id="S:');
        expect(html, `${path} for ${userAgent}`).not.toContain("$RC(");
      }
    }
  });

  it("preloads the brand face from the shop's own assets, the file the stylesheet names, cached for good", async () => {
    for (const path of ["/", "/shop/luna-collagen/m8"]) {
      const page = await get(path);
      const html = await page.text();
      const preload =
        /<link[^>]* rel="preload" href="(\/assets\/[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/.exec(
          html,
        );
      const href = preload?.[1] ?? "";
      expect(href, path).not.toBe("");
      expect(html, path).toContain(`src:url(${href})format("woff2")`);
      expect(page.headers.get("content-security-policy"), path).toContain("font-src 'self'");
      const font = await get(href);
      expect(font.status).toBe(200);
      expect(font.headers.get("content-type")).toBe("font/woff2");
      expect(font.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(new TextDecoder().decode((await font.arrayBuffer()).slice(0, 4))).toBe("wOF2");
    }
  });

  it("tells which build it runs, never from a cache", async () => {
    const response = await get("/api/build");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const build = (await response.json()) as { id: string; version: string; builtAt: string };
    expect(build.id).toMatch(/^[0-9a-f]{16}$/);
    expect(build.version).toBe(packageJson.version);
    expect(Number.isNaN(Date.parse(build.builtAt))).toBe(false);
    // The pages show the same build in the footer.
    const home = await (await get("/")).text();
    expect(home).toMatch(new RegExp(`Version (<!-- -->)?${build.version.replaceAll(".", "\\.")}`));
    expect(home.toLowerCase()).toContain(`<time datetime="${build.builtAt.toLowerCase()}">`);
  });

  it("sends a plain visit to /member/link where linking starts: the account page, through sign-in for a visitor", async () => {
    const visitor = openBrowser(shop);
    const refused = await visitor.get("/member/link");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Faccount");

    const member = openBrowser(shop);
    await member.signIn(newPerson());
    for (const path of ["/member/link", "/member/link/"]) {
      const visit = await member.get(path);
      expect(visit.status, path).toBe(302);
      expect(visit.headers.get("location"), path).toBe("/member/account");
    }
  });
});
