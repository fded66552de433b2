import { Duplex } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding, MIN_COMPRESSED_BYTES } from "./encodings.ts";
import type { HttpEnv } from "./request-context.ts";

const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:json|javascript|xml|graphql-response\+json|x-www-form-urlencoded)|image\/svg\+xml)/i;
/** Quality 5 is most of brotli's gain at a fraction of its top level's cost: pages are compressed per response. */
const BROTLI_QUALITY = 5;

type Encoding = "br" | "gzip";

function compressor(encoding: Encoding) {
  // Flushing every chunk keeps a streamed page streaming: the browser can start on the head early.
  return encoding === "br"
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : createGzip({ flush: constants.Z_SYNC_FLUSH });
}

/**
 * Compresses every response a browser can take compressed (pages, data, GraphQL, webhook replies):
 * brotli, else gzip. Responses already encoded (the precompressed built assets), too small, not
 * text, or marked no-transform go out as they are.
 */
export function compression(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.body || c.req.method === "HEAD" || response.status === 204 || response.status === 304) return;
    const headers = response.headers;
    if (headers.has("Content-Encoding") || /no-transform/i.test(headers.get("Cache-Control") ?? "")) return;
    if (!COMPRESSIBLE.test(headers.get("Content-Type") ?? "")) return;
    const length = headers.get("Content-Length");
    if (length !== null && Number(length) < MIN_COMPRESSED_BYTES) return;
    headers.append("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"]) as Encoding | null;
    if (!encoding) return;
    const stream = Duplex.toWeb(compressor(encoding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(response.body.pipeThrough(stream), response);
    // After the assignment: Hono carries the old response's headers over to the new one.
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
  };
}
