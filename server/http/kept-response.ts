import { promisify } from "node:util";
import { brotliCompress, constants, gzip, zstdCompress } from "node:zlib";
import { brotliWindowFor, chooseEncoding, type Encoding, MIN_COMPRESSED_BYTES, SMALLEST_FIRST } from "./encodings.ts";

/** A reply kept for everyone: its headers (but its length) and its body as it is. */
export type KeptResponse = {
  revision: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
};

const brotliOnce = promisify(brotliCompress);
const zstdOnce = promisify(zstdCompress);
const gzipOnce = promisify(gzip);

/**
 * Kept bytes are compressed once and served many times, so each encoding is made at its top level:
 * tens of milliseconds once buy a smaller answer on every hit (docs/benchmarks.md, encodings). Off
 * the event loop: zlib's asynchronous calls run on the thread pool.
 */
const COMPRESS_ONCE: Record<Encoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  br: (body) =>
    brotliOnce(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  zstd: (body) => zstdOnce(body, { pledgedSrcSize: body.length, params: { [constants.ZSTD_c_compressionLevel]: 19 } }),
  gzip: (body) => gzipOnce(body, { level: constants.Z_BEST_COMPRESSION }),
};

/** Keeps a response's headers (but its length) and its body. */
export function keepResponse(
  revision: number,
  response: Response,
  body: string,
  extraHeaders: [string, string][] = [],
): KeptResponse {
  const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
  return { revision, headers: [...headers, ...extraHeaders], body: Buffer.from(body) };
}

type Entry = {
  kept: KeptResponse;
  /** The body in each encoding asked for so far (while it is being compressed, the promise of it). */
  encoded: Map<Encoding, Promise<Uint8Array>>;
  /** What the entry holds in memory: its key, headers, body and every encoding made so far. */
  bytes: number;
};

const sizeOf = (key: string, { headers, body }: KeptResponse) =>
  key.length + body.length + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);

/**
 * Replies kept for everyone, at most `maxBytes` of them counting every encoding made; the least
 * recently served goes first. Each reply is compressed at most once per encoding, the first time a
 * client asks for that encoding; every later request for it is answered with the stored bytes.
 */
export class KeptResponses {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** What the kept replies hold in memory, every encoding counted. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The reply kept under `key` at this revision, if any; one kept at another revision is dropped. */
  get(key: string, revision: number): KeptResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#delete(key);
    if (entry.kept.revision !== revision) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    return entry.kept;
  }

  set(key: string, kept: KeptResponse): void {
    this.#delete(key);
    const entry: Entry = { kept, encoded: new Map(), bytes: sizeOf(key, kept) };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /**
   * The reply kept under `key` as a response, in the encoding the client accepts that is smallest,
   * with its exact length. Small bodies go out as they are, as the compression middleware sends them.
   */
  async serve(key: string, kept: KeptResponse, acceptEncoding: string | undefined, marks: [string, string][]) {
    const encoding = kept.body.length < MIN_COMPRESSED_BYTES ? null : chooseEncoding(acceptEncoding, SMALLEST_FIRST);
    const body = encoding ? await this.#encoded(key, kept, encoding) : kept.body;
    const headers = new Headers([...kept.headers, ["vary", "Accept-Encoding"], ...marks]);
    headers.set("content-length", String(body.length));
    if (encoding) headers.set("content-encoding", encoding);
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }

  #encoded(key: string, kept: KeptResponse, encoding: Encoding): Promise<Uint8Array> {
    const entry = this.#entries.get(key);
    // A reply no longer kept (or never, being larger than the whole budget) is compressed for this answer only.
    if (entry?.kept !== kept) return COMPRESS_ONCE[encoding](kept.body);
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = COMPRESS_ONCE[encoding](kept.body);
      entry.encoded.set(encoding, encoded);
      encoded.then(
        (bytes) => this.#grow(key, entry, bytes.length),
        // The error reaches every request waiting on it; the next one tries again.
        () => entry.encoded.delete(encoding),
      );
    }
    return encoded;
  }

  #grow(key: string, entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    if (this.#entries.get(key) !== entry) return;
    this.#bytes += bytes;
    this.#evict();
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#delete(key);
    }
  }
}
