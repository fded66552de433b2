import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR } from "../../server/start.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request whose body arrives exactly as sent: no client-side decoding. */
function raw(url: string, acceptEncoding: string | null, init: { method?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
    if (init.body) headers["content-type"] = "application/json";
    const request = http.request(url, { method: init.method ?? "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
};
const decode = ({ headers, body }: Raw): Buffer => {
  const encoding = headers["content-encoding"];
  if (encoding === undefined) return body;
  const decoder = DECODERS[encoding];
  if (!decoder) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return decoder(body);
};

/** What a browser sends, and each encoding alone. */
const BROWSER = "gzip, deflate, br, zstd";
const ENCODINGS = ["zstd", "br", "gzip"] as const;

/** A page for one visitor carries its own CSP nonce each time; the rest of the page is the same. */
const withoutNonce = (html: Buffer) => html.toString("utf8").replaceAll(/nonce="[^"]*"/g, "");

function expectWellFormed(response: Raw, plain: Raw) {
  expect(response.status).toBe(200);
  expect(response.headers.vary).toMatch(/Accept-Encoding/);
  const length = response.headers["content-length"];
  if (length !== undefined) expect(Number(length)).toBe(response.body.length);
  if (response.headers["content-encoding"]) expect(response.body.length).toBeLessThan(plain.body.length / 3);
}

describe("compression over HTTP", () => {
  let shop: TestServer;
  let uncached: TestServer;
  beforeAll(async () => {
    [shop, uncached] = await Promise.all([startTestServer(), startTestServer({ PAGE_CACHE: "off" })]);
  });
  afterAll(() => Promise.all([shop.close(), uncached.close()]));

  const KEPT_PAGES = ["/", "/shop/luna-collagen", "/shop/luna-collagen/m8"];

  it.each(KEPT_PAGES)("sends the kept page %s byte for byte in every encoding, the smallest first", async (page) => {
    const url = `${shop.baseUrl}${page}`;
    await raw(url, null);
    const plain = await raw(url, null);
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    for (const encoding of ENCODINGS) {
      const response = await raw(url, encoding);
      expect(response.headers["content-encoding"], encoding).toBe(encoding);
      expect(response.headers["x-page-cache"]).toBe("hit");
      expect(response.headers["content-length"]).toBeDefined();
      expectWellFormed(response, plain);
      expect(decode(response).equals(plain.body), encoding).toBe(true);
    }
    expect((await raw(url, BROWSER)).headers["content-encoding"]).toBe("br");
  });

  it.each([
    ["a listing rendered for every request", () => uncached.baseUrl, "/shop/luna-collagen"],
    ["a page for one visitor", () => shop.baseUrl, "/bag"],
  ])("streams %s in every encoding, the cheapest first, and the same page each way", async (_name, base, page) => {
    const url = `${base()}${page}`;
    const plain = await raw(url, null);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["x-page-cache"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    for (const encoding of ENCODINGS) {
      const response = await raw(url, encoding);
      expect(response.headers["content-encoding"], encoding).toBe(encoding);
      expectWellFormed(response, plain);
      expect(withoutNonce(decode(response)), encoding).toBe(withoutNonce(plain.body));
    }
    expect((await raw(url, BROWSER)).headers["content-encoding"]).toBe("zstd");
  });

  // A kept page goes in the smallest encoding; a rendered one in the cheapest, which for a client
  // without zstd is gzip around the stylesheet every page shares.
  it.each([
    ["zstd;q=0, br;q=0, gzip;q=0", undefined, undefined],
    ["*;q=0", undefined, undefined],
    ["identity", undefined, undefined],
    ["gzip;q=0.5, identity", undefined, undefined],
    ["zstd;q=0, br;q=0, *", "gzip", "gzip"],
    ["zstd;q=0, gzip, br", "br", "gzip"],
    ["gzip, deflate, br", "br", "gzip"],
    ["zstd;q=0.5, br;q=0.8, gzip;q=0.1", "br", "br"],
  ])("answers Accept-Encoding %s as the client weighs it: %s kept, %s rendered", async (acceptEncoding, kept, rendered) => {
    for (const [url, expected] of [
      [`${shop.baseUrl}/shop`, kept],
      [`${uncached.baseUrl}/shop`, rendered],
    ] as const) {
      const response = await raw(url, acceptEncoding);
      expect(response.headers["content-encoding"], url).toBe(expected);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(response).toString("utf8")).toContain("</html>");
    }
  });

  it("compresses GraphQL replies, kept or not, and leaves small ones as they are", async () => {
    const body = JSON.stringify({ query: "{ products { id name purchaseOptions { optionId optionName } } }" });
    for (const encoding of ENCODINGS) {
      const graphql = await raw(`${shop.baseUrl}/graphql`, encoding, { method: "POST", body });
      expect(graphql.headers["content-encoding"]).toBe(encoding);
      expect(graphql.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(graphql.headers["content-length"])).toBe(graphql.body.length);
      // The seeded catalogue's 12 active products, all on the first page.
      expect(JSON.parse(decode(graphql).toString("utf8")).data.products).toHaveLength(12);
    }
    const small = await raw(`${shop.baseUrl}/graphql`, BROWSER, {
      method: "POST",
      body: JSON.stringify({ query: "{ productCount }" }),
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8")).data.productCount).toBe(12);
  });

  it.each([
    ["a kept page", () => shop.baseUrl, "/shop/luna-collagen"],
    ["a rendered page", () => uncached.baseUrl, "/shop/luna-collagen"],
    ["a page for one visitor", () => shop.baseUrl, "/bag"],
  ])("answers HEAD for %s with the page's headers and no body", async (_name, base, page) => {
    for (const acceptEncoding of [BROWSER, null]) {
      const head = await raw(`${base()}${page}`, acceptEncoding, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-type"]).toMatch(/^text\/html/);
      expect(head.headers.vary).toMatch(/Accept-Encoding/);
      // Without a body to encode, HEAD describes the page as it is.
      expect(head.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("serves built assets precompressed at build, cached for a year", async () => {
    const script = readdirSync(path.join(BUILD_DIR, "client/assets")).find((name) => /^entry\.client-.*\.js$/.test(name));
    const url = `${shop.baseUrl}/assets/${script}`;
    const plain = await raw(url, null);
    for (const encoding of ["br", "gzip"]) {
      const asset = await raw(url, encoding);
      expect(asset.headers["content-encoding"]).toBe(encoding);
      expect(asset.headers.vary).toMatch(/Accept-Encoding/);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(asset.headers["content-length"])).toBe(asset.body.length);
      expect(decode(asset).equals(plain.body)).toBe(true);
    }
    // A browser offering zstd too still gets the build's brotli copy, compressed once at build.
    const browser = await raw(url, BROWSER);
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(Number(browser.headers["content-length"])).toBe(browser.body.length);
  });
});
