import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const productUrlOf = (html: string) => /"url":"([^"]*\/shop\/[^"]*)"/.exec(html)?.[1];

/** GET with the headers a browser or a proxy would send, Host among them (fetch cannot set it). */
function get(shop: TestServer, path: string, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port } = new URL(shop.baseUrl);
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        response.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: ${response.statusCode}`)),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("canonical addresses are absolute, at the origin shoppers use", () => {
  describe("without PUBLIC_URL or proxies", () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer();
    });
    afterAll(() => shop.close());

    it("take the request's own origin, and a page kept for one host is not served to another", async () => {
      expect(canonicalOf(await get(shop, "/shop/joffee"))).toBe(`${shop.baseUrl}/shop/joffee`);
      expect(canonicalOf(await get(shop, "/shop/joffee", { host: "shop-a.test" }))).toBe("http://shop-a.test/shop/joffee");
      expect(canonicalOf(await get(shop, "/shop/joffee", { host: "shop-b.test:8080" }))).toBe(
        "http://shop-b.test:8080/shop/joffee",
      );
      expect(canonicalOf(await get(shop, "/shop/sale", { host: "shop-b.test" }))).toBe("http://shop-b.test/shop/sale");
      expect(productUrlOf(await get(shop, "/shop/luna-collagen/m8", { host: "shop-a.test" }))).toBe(
        "http://shop-a.test/shop/luna-collagen/m8",
      );
      expect(productUrlOf(await get(shop, "/shop/luna-collagen/m8"))).toBe(`${shop.baseUrl}/shop/luna-collagen/m8`);
    });

    it("ignore forwarded protocol and host, which anyone can write without a trusted proxy", async () => {
      const forged = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
      expect(canonicalOf(await get(shop, "/shop/v5-vitality", forged))).toBe(`${shop.baseUrl}/shop/v5-vitality`);
    });
  });

  describe("behind one trusted proxy", () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    });
    afterAll(() => shop.close());

    it("take the protocol and host the proxy forwards, and only the proxy's own entry", async () => {
      const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.sg" };
      expect(canonicalOf(await get(shop, "/shop/joffee", proxied))).toBe("https://shop.example.sg/shop/joffee");
      const appended = { "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, shop.example.sg" };
      expect(canonicalOf(await get(shop, "/shop/joffee", appended))).toBe("https://shop.example.sg/shop/joffee");
      const nonsense = { "x-forwarded-proto": "javascript", "x-forwarded-host": "a/b@evil.example" };
      expect(canonicalOf(await get(shop, "/shop/joffee", nonsense))).toBe(`${shop.baseUrl}/shop/joffee`);
    });
  });

  describe("with PUBLIC_URL", () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer({ PUBLIC_URL: "https://shop.example.sg", TRUSTED_PROXY_HOPS: "1" });
    });
    afterAll(() => shop.close());

    it("always take the configured origin, whatever the request says", async () => {
      expect(canonicalOf(await get(shop, "/shop/joffee"))).toBe("https://shop.example.sg/shop/joffee");
      const other = { host: "other.test", "x-forwarded-proto": "http", "x-forwarded-host": "other.test" };
      expect(canonicalOf(await get(shop, "/shop/joffee", other))).toBe("https://shop.example.sg/shop/joffee");
      expect(productUrlOf(await get(shop, "/shop/luna-collagen/m8", other))).toBe(
        "https://shop.example.sg/shop/luna-collagen/m8",
      );
    });
  });
});
