import { brotliDecompressSync, constants, gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { compressedStream, compression } from "../../server/http/compression.ts";
import { CHEAPEST_FIRST, chooseEncoding, type Encoding, SMALLEST_FIRST } from "../../server/http/encodings.ts";
import type { HttpEnv } from "../../server/http/request-context.ts";
import { wholeResponse } from "../../server/http/whole-response.ts";

// Every flush of a streaming compressor, counted.
const flushes = vi.hoisted(() => ({ count: 0 }));
// Test files share their worker's modules: load the server's modules afresh, so they see this mock.
vi.hoisted(() => vi.resetModules());
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof import("node:zlib")>();
  const counting =
    <C extends { flush: (kind?: number, callback?: () => void) => void }>(create: (options?: never) => C) =>
    (options?: never) => {
      const compressor = create(options);
      const flush = compressor.flush.bind(compressor);
      compressor.flush = (kind, callback) => {
        flushes.count += 1;
        flush(kind, callback);
      };
      return compressor;
    };
  return {
    ...zlib,
    createZstdCompress: counting(zlib.createZstdCompress),
    createBrotliCompress: counting(zlib.createBrotliCompress),
    createGzip: counting(zlib.createGzip),
  };
});

/** Decodes a whole stream, which must be finished. */
const DECODE: Record<Encoding, (bytes: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
};
/** Decodes what has arrived so far, an unfinished stream included. */
const DECODE_SO_FAR: Record<Encoding, (bytes: Buffer) => string> = {
  zstd: (bytes) => zstdDecompressSync(bytes, { finishFlush: constants.ZSTD_e_flush }).toString("utf8"),
  br: (bytes) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString("utf8"),
  gzip: (bytes) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8"),
};

describe("choosing an encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "zstd", "br"],
    ["gzip, deflate, br", "br", "br"],
    ["gzip", "gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip", "gzip"],
    ["zstd;q=0.9, br", "br", "br"],
    ["*", "zstd", "br"],
    ["br;q=0, *;q=0.1", "zstd", "zstd"],
    ["zstd;q=0, br;q=0, gzip;q=0", null, null],
    ["*;q=0", null, null],
    ["identity", null, null],
    ["identity, gzip;q=0.5", null, null],
    ["identity;q=0.5, gzip", "gzip", "gzip"],
    ["deflate", null, null],
    [undefined, null, null],
  ])("%s: %s streamed, %s kept", (header, streamed, kept) => {
    expect(chooseEncoding(header, CHEAPEST_FIRST)).toBe(streamed);
    expect(chooseEncoding(header, SMALLEST_FIRST)).toBe(kept);
  });
});

describe("a streamed body", () => {
  beforeEach(() => {
    flushes.count = 0;
  });

  it.each(CHEAPEST_FIRST)(
    "in %s sends what was written as soon as the source pauses, with one flush for a burst of chunks",
    async (encoding) => {
      const stream = compressedStream(encoding);
      const writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      const received: Buffer[] = [];
      const receiveUntil = async (text: string) => {
        while (DECODE_SO_FAR[encoding](Buffer.concat(received)) !== text) {
          const { value, done } = await reader.read();
          if (done) throw new Error("the stream ended early");
          received.push(Buffer.from(value));
        }
      };

      // The head and the shell come in one burst; the rest waits on the data (here, on the test).
      const shell = ["<head>", "<body>", "shell"].map((chunk) => writer.write(Buffer.from(chunk)));
      await receiveUntil("<head><body>shell");
      await Promise.all(shell);
      expect(flushes.count).toBe(1);

      // The last parts and the end come together: the end sends them, no flush needed.
      const rest = ["late part", "</body>"].map((chunk) => writer.write(Buffer.from(chunk)));
      const receiveTheRest = async () => {
        for (let next = await reader.read(); !next.done; next = await reader.read()) received.push(Buffer.from(next.value));
      };
      await Promise.all([...rest, writer.close(), receiveTheRest()]);
      expect(DECODE[encoding](Buffer.concat(received)).toString("utf8")).toBe("<head><body>shelllate part</body>");
      expect(flushes.count).toBe(1);
    },
    10_000,
  );

  it.each(
    CHEAPEST_FIRST.flatMap((encoding) => [
      [encoding, "the client goes away"],
      [encoding, "the page's stream fails"],
    ]),
  )("in %s stops quietly when %s while output is still coming", async (encoding, ending) => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const stream = compressedStream(encoding);
      const writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      // A burst large enough that the compressor is still producing when the reader leaves.
      const written = writer.write(Buffer.from("<p>a part of the page</p>".repeat(20_000)));
      await reader.read();
      if (ending === "the client goes away") await reader.cancel("the client went away");
      else await writer.abort(new Error("the render failed"));
      await written.catch(() => undefined);
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });
});

describe("the compression middleware", () => {
  const PAGE = `<p>${"words ".repeat(400)}</p>`;
  function app() {
    const shop = new Hono<HttpEnv>();
    shop.use("*", compression());
    shop.get("/page", (c) => c.html(PAGE));
    shop.get("/whole", (c) => c.body(PAGE, 200, { "content-type": "text/html", "content-length": String(PAGE.length) }));
    shop.get("/unchanged", (c) => c.body(null, 304, { "content-type": "text/html" }));
    shop.get("/empty", (c) => c.body(null, 204));
    return shop;
  }
  const zstd = { headers: { "accept-encoding": "zstd" } };

  it("compresses a page in the cheapest encoding the client accepts, and says it varies", async () => {
    const page = await app().request("/page", zstd);
    expect(page.headers.get("content-encoding")).toBe("zstd");
    expect(page.headers.get("content-length")).toBeNull();
    expect(page.headers.get("vary")).toBe("Accept-Encoding");
    expect(DECODE.zstd(Buffer.from(await page.arrayBuffer())).toString("utf8")).toBe(PAGE);
  });

  it.each(CHEAPEST_FIRST)(
    "compresses a page whose length is known in one go, giving the encoded length (%s)",
    async (encoding) => {
      const page = await app().request("/whole", { headers: { "accept-encoding": encoding } });
      const body = Buffer.from(await page.arrayBuffer());
      expect(page.headers.get("content-encoding")).toBe(encoding);
      expect(page.headers.get("content-length")).toBe(String(body.length));
      expect(body.length).toBeLessThan(PAGE.length / 10);
      expect(DECODE[encoding](body).toString("utf8")).toBe(PAGE);
    },
  );

  it("answers HEAD with the page's headers and no body, unencoded", async () => {
    const head = await app().request("/page", { method: "HEAD", ...zstd });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get("content-encoding")).toBeNull();
    expect(head.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("leaves 304 and 204 answers without a body or an encoding", async () => {
    for (const path of ["/unchanged", "/empty"]) {
      const response = await app().request(path, zstd);
      expect(response.body).toBeNull();
      expect(response.headers.get("content-encoding")).toBeNull();
    }
  });
});

describe("a page rendered whole", () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>a line of the bag</p>".repeat(200)}</body></html>`);

  it.each(CHEAPEST_FIRST)("goes out in %s with every header and cookie its handler and the middleware set", async (encoding) => {
    const app = new Hono<HttpEnv>();
    app.use(compression());
    app.use(async (c, next) => {
      await next();
      c.res.headers.set("X-Set-After", "yes");
    });
    app.get("/bag", () => {
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.length) });
      headers.append("Set-Cookie", "bag=1; Path=/");
      headers.append("Set-Cookie", "visitor=2; Path=/");
      return wholeResponse(new Uint8Array(page), { status: 200, headers });
    });
    const response = await app.request("/bag", { headers: { "Accept-Encoding": encoding } });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Encoding")).toBe(encoding);
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    expect(response.headers.getSetCookie()).toEqual(["bag=1; Path=/", "visitor=2; Path=/"]);
    expect(response.headers.get("X-Set-After")).toBe("yes");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(DECODE[encoding](body).equals(page)).toBe(true);
  });
});

describe("a page with a stylesheet every page shares", () => {
  const STYLE = `<style>${".card{padding:1rem;border-radius:1rem}".repeat(300)}</style>`;
  const pageWith = (words: string) =>
    Buffer.from(`<!DOCTYPE html><html><head>${STYLE}</head><body>${words.repeat(200)}</body></html>`);
  const styleAt = (page: Buffer) => ({ start: page.indexOf(STYLE), end: page.indexOf(STYLE) + STYLE.length });

  function app(page: Buffer) {
    const shop = new Hono<HttpEnv>();
    shop.use(compression());
    shop.get("/page", () => {
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.length) });
      return wholeResponse(new Uint8Array(page), { status: 200, headers }, styleAt(page));
    });
    return shop;
  }
  const fetchPage = async (page: Buffer, acceptEncoding: string) => {
    const response = await app(page).request("/page", { headers: { "Accept-Encoding": acceptEncoding } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it("goes out in gzip rather than brotli to a client that takes both but not zstd, and reads back whole", async () => {
    for (const page of [pageWith("<p>a line of the bag</p>"), pageWith("<p>another page, its own words</p>")]) {
      const { response, body } = await fetchPage(page, "gzip, deflate, br");
      expect(response.headers.get("Content-Encoding")).toBe("gzip");
      expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
      expect(body.length).toBeLessThan(page.length / 10);
      expect(gunzipSync(body).equals(page)).toBe(true);
    }
  });

  it("still goes out in zstd to a client that takes it, and in brotli to one that takes only brotli", async () => {
    const page = pageWith("<p>a line of the bag</p>");
    const zstd = await fetchPage(page, "gzip, deflate, br, zstd");
    expect(zstd.response.headers.get("Content-Encoding")).toBe("zstd");
    expect(DECODE.zstd(zstd.body).equals(page)).toBe(true);
    const br = await fetchPage(page, "br");
    expect(br.response.headers.get("Content-Encoding")).toBe("br");
    expect(DECODE.br(br.body).equals(page)).toBe(true);
  });

  it("reads back whole in gzip wherever the span stands, and when the shared bytes change", async () => {
    const words = Buffer.from("<p>words of the page</p>".repeat(100));
    for (const [before, after] of [
      [Buffer.alloc(0), words],
      [words, Buffer.alloc(0)],
      [words, words],
    ] as const) {
      for (const style of [STYLE, STYLE.replace("1rem", "2rem")]) {
        const page = Buffer.concat([before, Buffer.from(style), after]);
        const shop = new Hono<HttpEnv>();
        shop.use(compression());
        shop.get("/page", () => {
          const headers = new Headers({ "Content-Type": "text/html", "Content-Length": String(page.length) });
          return wholeResponse(
            new Uint8Array(page),
            { status: 200, headers },
            { start: before.length, end: before.length + style.length },
          );
        });
        const response = await shop.request("/page", { headers: { "Accept-Encoding": "gzip" } });
        expect(gunzipSync(Buffer.from(await response.arrayBuffer())).equals(page)).toBe(true);
      }
    }
  });
});
