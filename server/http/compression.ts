import { once } from "node:events";
import type { Transform } from "node:stream";
import { promisify } from "node:util";
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  gzip,
  type Zlib,
  zstdCompressSync,
} from "node:zlib";
import type { MiddlewareHandler } from "hono";
import {
  brotliWindowFor,
  CHEAPEST_AROUND_SHARED_SPAN,
  CHEAPEST_FIRST,
  chooseEncoding,
  type Encoding,
  MIN_COMPRESSED_BYTES,
} from "./encodings.ts";
import { gzipAroundSharedSpan, type SharedSpan } from "./gzip-shared-span.ts";
import type { HttpEnv } from "./request-context.ts";
import { replaceResponse, sharedSpanOf, wholeBodyOf, wholeResponse } from "./whole-response.ts";

const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:json|javascript|xml|graphql-response\+json|x-www-form-urlencoded)|image\/svg\+xml)/i;

type Compressor = Transform & Zlib;

/**
 * Low levels: a response is compressed once per request, so each millisecond counts on every page
 * rendered. On a listing these come out about a tenth larger than brotli 5 for half its work or
 * less (docs/decisions/038-encodings-by-cost.md).
 */
const LOW = {
  zstd: { params: { [constants.ZSTD_c_compressionLevel]: 3 } },
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
  gzip: { level: 4 },
};

/**
 * A streamed body's length is not known: its window (brotli's, zstd's) reaches 256 KiB back, more
 * than a page, instead of their 4 and 2 MiB, whose memory costs collections (brotliWindowFor).
 */
const STREAMED_WINDOW_BITS = 18;

const STREAMED: Record<Encoding, { create: () => Compressor; flush: number }> = {
  zstd: {
    create: () => createZstdCompress({ params: { ...LOW.zstd.params, [constants.ZSTD_c_windowLog]: STREAMED_WINDOW_BITS } }),
    flush: constants.ZSTD_e_flush,
  },
  br: {
    create: () => createBrotliCompress({ params: { ...LOW.br.params, [constants.BROTLI_PARAM_LGWIN]: STREAMED_WINDOW_BITS } }),
    flush: constants.BROTLI_OPERATION_FLUSH,
  },
  gzip: { create: () => createGzip(LOW.gzip), flush: constants.Z_SYNC_FLUSH },
};

const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

/**
 * A body known whole (a page is rendered whole), in one call. Brotli and gzip run on zlib's thread
 * pool, off the event loop; zstd 3 compresses a page in about 0.2 ms, less than handing it to the pool
 * costs, so it runs in place (a page in zstd cost 11–16 % less CPU for as many pages a second,
 * `docs/benchmarks.md`, render cost). Gzip around a shared span compresses about half a page, in
 * place too.
 */
const WHOLE: Record<Encoding, (body: Uint8Array, sharedSpan?: SharedSpan) => Promise<Buffer>> = {
  zstd: async (body) => zstdCompressSync(body, { ...LOW.zstd, pledgedSrcSize: body.length }),
  br: (body) =>
    brotliWhole(body, {
      params: {
        ...LOW.br.params,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: async (body, sharedSpan) =>
    sharedSpan ? gzipAroundSharedSpan(body, sharedSpan, LOW.gzip.level) : gzipWhole(body, LOW.gzip),
};

/** Above this, a body of known length is streamed through the compressor rather than read whole. */
const MAX_WHOLE_BYTES = 1024 * 1024;

/**
 * Compresses a streamed body. What has been written goes out (flushed) when the source pauses —
 * when nothing more arrived in the same turn of the event loop — not after every chunk: the head
 * and each later streamed part reach the browser as soon as they are written, and a burst of
 * chunks shares one flush, which would otherwise cost both work and bytes.
 */
export function compressedStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const { create, flush } = STREAMED[encoding];
  const compressor = create();
  let pendingFlush: NodeJS.Immediate | null = null;
  const stopFlushing = () => {
    if (pendingFlush) clearImmediate(pendingFlush);
  };
  const stop = () => {
    stopFlushing();
    compressor.destroy();
  };
  // `cancel` (the client went away) is in the Streams standard and in Node, not in TypeScript's types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
    start(controller) {
      compressor.on("data", (chunk: Buffer) => {
        // The stream can be closed or errored under the compressor (the client went away while the
        // page was still streaming) before `cancel` runs: what is still coming out has no reader,
        // and a throw here, in an event handler, would end the process.
        try {
          controller.enqueue(chunk);
        } catch {
          stop();
        }
      });
      compressor.on("error", (error) => controller.error(error));
    },
    async transform(chunk) {
      pendingFlush ??= setImmediate(() => {
        pendingFlush = null;
        compressor.flush(flush);
      });
      if (!compressor.write(chunk)) await once(compressor, "drain");
    },
    async flush() {
      stopFlushing();
      const ended = once(compressor, "end");
      compressor.end();
      await ended;
    },
    cancel: stop,
  };
  return new TransformStream(transformer);
}

/**
 * Compresses every response a browser can take compressed and that was not compressed before
 * (pages, data, GraphQL, webhook replies) in the cheapest encoding the client accepts: in one call
 * when its length is known (a page), as it streams otherwise. Responses already encoded (the precompressed built assets, kept pages and replies), too
 * small, not text, or marked no-transform go out as they are.
 */
export function compression(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (response.status === 204 || response.status === 304) return;
    const headers = response.headers;
    if (headers.has("Content-Encoding") || /no-transform/i.test(headers.get("Cache-Control") ?? "")) return;
    if (!COMPRESSIBLE.test(headers.get("Content-Type") ?? "")) return;
    const length = headers.get("Content-Length");
    if (length !== null && Number(length) < MIN_COMPRESSED_BYTES) return;
    // A kept page served as it is says so already.
    if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    const sharedSpan = sharedSpanOf(response);
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"), sharedSpan ? CHEAPEST_AROUND_SHARED_SPAN : CHEAPEST_FIRST);
    if (!encoding || c.req.method === "HEAD") return;
    // A whole response's body is not asked for: that would copy its bytes into a stream.
    const whole = wholeBodyOf(response);
    if (whole || (length !== null && Number(length) <= MAX_WHOLE_BYTES && response.body)) {
      const body = whole ?? new Uint8Array(await response.arrayBuffer());
      const compressed = (await WHOLE[encoding](body, sharedSpan)) as Uint8Array<ArrayBuffer>;
      headers.set("Content-Length", String(compressed.byteLength));
      headers.set("Content-Encoding", encoding);
      replaceResponse(c, wholeResponse(compressed, { status: response.status, headers }));
    } else if (response.body) {
      c.res = new Response(response.body.pipeThrough(compressedStream(encoding)), response);
      // After the assignment: Hono carries the old response's headers over to the new one.
      c.res.headers.delete("Content-Length");
      c.res.headers.set("Content-Encoding", encoding);
    }
  };
}
