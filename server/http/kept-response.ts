import { brotliCompressSync, gzipSync } from "node:zlib";
import { chooseEncoding } from "./compression.ts";

/** A reply kept for everyone, encoded once for every client: as it is, brotli and gzip. */
export type KeptResponse = {
  revision: number;
  headers: [string, string][];
  bodies: Record<"identity" | "br" | "gzip", Uint8Array<ArrayBuffer>>;
};

/** Keeps a response's headers (but its length) and its body, compressed once rather than per hit. */
export function keepResponse(
  revision: number,
  response: Response,
  body: string,
  extraHeaders: [string, string][] = [],
): KeptResponse {
  const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
  const identity = Buffer.from(body);
  return {
    revision,
    headers: [...headers, ...extraHeaders],
    bodies: { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) },
  };
}

/** The kept bytes in the best encoding the client accepts. */
export function serveKept(kept: KeptResponse, acceptEncoding: string | undefined, marks: [string, string][]): Response {
  const encoding = chooseEncoding(acceptEncoding);
  const headers = new Headers([...kept.headers, ["vary", "Accept-Encoding"], ...marks]);
  if (encoding) headers.set("content-encoding", encoding);
  return new Response(kept.bodies[encoding ?? "identity"], { status: 200, headers });
}

/** At most `max` kept replies; the least recently served goes first. */
export class KeptResponses {
  readonly #entries = new Map<string, KeptResponse>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** The reply kept under `key` at this revision, if any. */
  get(key: string, revision: number): KeptResponse | undefined {
    const kept = this.#entries.get(key);
    if (!kept || kept.revision !== revision) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    return kept;
  }

  set(key: string, kept: KeptResponse): void {
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
