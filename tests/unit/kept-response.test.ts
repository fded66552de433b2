import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { compression } from "../../server/http/compression.ts";
import { KeptResponses, keepResponse } from "../../server/http/kept-response.ts";
import { pageCache } from "../../server/http/page-cache.ts";
import type { HttpEnv } from "../../server/http/request-context.ts";

// Every compression zlib can do, counted: a kept reply may be compressed once per encoding, never per hit.
const zlibCalls = vi.hoisted(() => new Map<string, number>());
// Test files share their worker's modules: load the server's modules afresh, so they see this mock.
vi.hoisted(() => vi.resetModules());
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof import("node:zlib")>();
  const counted = <F extends (...args: never[]) => unknown>(name: string, compress: F) =>
    ((...args: Parameters<F>) => {
      zlibCalls.set(name, (zlibCalls.get(name) ?? 0) + 1);
      return compress(...args);
    }) as F;
  return {
    ...zlib,
    brotliCompress: counted("brotliCompress", zlib.brotliCompress),
    zstdCompress: counted("zstdCompress", zlib.zstdCompress),
    gzip: counted("gzip", zlib.gzip),
    brotliCompressSync: counted("brotliCompressSync", zlib.brotliCompressSync),
    zstdCompressSync: counted("zstdCompressSync", zlib.zstdCompressSync),
    gzipSync: counted("gzipSync", zlib.gzipSync),
    createBrotliCompress: counted("createBrotliCompress", zlib.createBrotliCompress),
    createZstdCompress: counted("createZstdCompress", zlib.createZstdCompress),
    createGzip: counted("createGzip", zlib.createGzip),
  };
});
const compressions = () => Object.fromEntries(zlibCalls);

const PAGE = `<html><head></head><body>${"<p>the same words for everyone</p>".repeat(200)}</body></html>`;

/** The page cache behind the compression middleware, as the shop mounts them, in front of a counted render. */
function cachedShop() {
  const app = new Hono<HttpEnv>();
  let renders = 0;
  app.use("*", compression());
  app.use("*", async (c, next) => {
    c.set("sharedPage", false);
    await next();
  });
  app.use("*", pageCache({ revision: async () => 1, policy: () => "script-src 'none'" }));
  app.get("*", (c) => {
    renders += 1;
    return c.html(PAGE);
  });
  const get = (acceptEncoding?: string) =>
    app.request("/shop/page", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  return { get, renders: () => renders };
}

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe("kept pages and their encodings", () => {
  beforeEach(() => zlibCalls.clear());

  it("compresses a kept page once per encoding, the first time it is asked for, and never on a hit", async () => {
    const shop = cachedShop();
    const miss = await shop.get("gzip, deflate, br, zstd");
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    expect(miss.headers.get("content-encoding")).toBe("br");
    expect(compressions()).toEqual({ brotliCompress: 1 });

    for (const encoding of ["zstd", "gzip", "br", "zstd", "gzip", "br", undefined]) {
      const hit = await shop.get(encoding);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("content-encoding")).toBe(encoding ?? null);
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      const body = Buffer.from(await hit.arrayBuffer());
      expect(Number(hit.headers.get("content-length"))).toBe(body.length);
      expect((encoding ? DECODE[encoding]?.(body) : body)?.toString("utf8")).toBe(PAGE);
    }
    expect(shop.renders()).toBe(1);
    // One of each, made the first time it was asked for; the hits after that did no compression at all.
    expect(compressions()).toEqual({ brotliCompress: 1, zstdCompress: 1, gzip: 1 });
  });

  it("compresses once for many clients asking for a new encoding at the same moment", async () => {
    const shop = cachedShop();
    await shop.get();
    const hits = await Promise.all(Array.from({ length: 5 }, () => shop.get("zstd")));
    for (const hit of hits) expect(zstdDecompressSync(Buffer.from(await hit.arrayBuffer())).toString("utf8")).toBe(PAGE);
    expect(compressions()).toEqual({ zstdCompress: 1 });
  });
});

describe("the kept replies' memory", () => {
  const reply = (revision: number) =>
    keepResponse(revision, new Response(null, { headers: { "content-type": "text/html" } }), PAGE);
  const accounted = (key: string) => key.length + PAGE.length + "content-type".length + "text/html".length;

  it("counts every encoding made in the memory it holds", async () => {
    const kept = new KeptResponses(1024 * 1024);
    const page = reply(1);
    kept.set("a", page);
    expect(kept.bytes).toBe(accounted("a"));
    const br = Buffer.from(await (await kept.serve("a", page, "br", [])).arrayBuffer());
    const zstd = Buffer.from(await (await kept.serve("a", page, "zstd", [])).arrayBuffer());
    expect(kept.bytes).toBe(accounted("a") + br.length + zstd.length);
    await kept.serve("a", page, "br", []);
    expect(kept.bytes).toBe(accounted("a") + br.length + zstd.length);
  });

  it("lets the least recently served go when the encodings made push it past its bound", async () => {
    const bound = 2 * accounted("a") + 10;
    const kept = new KeptResponses(bound);
    const [a, b] = [reply(1), reply(1)];
    kept.set("a", a);
    kept.set("b", b);
    expect(kept.bytes).toBeLessThanOrEqual(bound);
    // b's brotli copy does not fit beside both pages: a, served longest ago, goes.
    await kept.serve("b", b, "br", []);
    expect(kept.get("a", 1)).toBeUndefined();
    expect(kept.get("b", 1)).toBe(b);
    expect(kept.bytes).toBeLessThanOrEqual(bound);
  });

  it("drops a reply kept at another catalogue revision", () => {
    const kept = new KeptResponses(1024 * 1024);
    kept.set("a", reply(1));
    expect(kept.get("a", 2)).toBeUndefined();
    expect(kept.bytes).toBe(0);
  });
});
