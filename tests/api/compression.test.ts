import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, SMALLEST_FIRST } from "../../server/http/encodings.ts";
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

const decode = ({ headers, body }: Raw): string => {
  if (headers["content-encoding"] === "br") return brotliDecompressSync(body).toString("utf8");
  if (headers["content-encoding"] === "gzip") return gunzipSync(body).toString("utf8");
  return body.toString("utf8");
};

describe("compression over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  it.each(["/", "/shop/luna-collagen", "/shop/luna-collagen/m8", "/bag"])(
    "sends %s with brotli, else gzip, and the same page either way",
    async (page) => {
      const plain = await raw(`${shop.baseUrl}${page}`, null);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const brotli = await raw(`${shop.baseUrl}${page}`, "gzip, deflate, br");
      const gzip = await raw(`${shop.baseUrl}${page}`, "gzip");
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      for (const compressed of [brotli, gzip]) {
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
        const length = compressed.headers["content-length"];
        if (length !== undefined) expect(Number(length)).toBe(compressed.body.length);
        expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
        // A page for one visitor carries its own CSP nonce each time; the rest of the page is the same.
        const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, "");
        expect(withoutNonce(decode(compressed))).toBe(withoutNonce(plain.body.toString("utf8")));
      }
    },
  );

  it("compresses GraphQL replies and respects a refused encoding", async () => {
    const body = JSON.stringify({ query: "{ products { id name purchaseOptions { optionId optionName } } }" });
    const graphql = await raw(`${shop.baseUrl}/graphql`, "br", { method: "POST", body });
    expect(graphql.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decode(graphql)).data.products.length).toBeGreaterThan(5);
    const refused = await raw(`${shop.baseUrl}/shop`, "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("serves built assets precompressed at build, cached for a year", async () => {
    const script = readdirSync(path.join(BUILD_DIR, "client/assets")).find((name) => /^entry\.client-.*\.js$/.test(name));
    const url = `${shop.baseUrl}/assets/${script}`;
    const plain = await raw(url, null);
    for (const encoding of ["br", "gzip"]) {
      const asset = await raw(url, encoding);
      expect(asset.headers["content-encoding"]).toBe(encoding);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(asset.headers["content-length"])).toBe(asset.body.length);
      expect(decode(asset)).toBe(plain.body.toString("utf8"));
    }
  });
});

describe("choosing an encoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["*", "br"],
    ["br;q=0, *;q=0.1", "zstd"],
    ["identity", null],
    [undefined, null],
  ])("%s gives %s", (header, expected) => {
    expect(chooseEncoding(header, SMALLEST_FIRST)).toBe(expected);
  });
});
