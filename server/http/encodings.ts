import { constants } from "node:zlib";

/** The content codings the shop sends; anything else a client names goes out as it is (identity). */
export type Encoding = "zstd" | "br" | "gzip";

/** For a body compressed as it streams, once per response: the cheapest to make first. */
export const CHEAPEST_FIRST: readonly Encoding[] = ["zstd", "br", "gzip"];
/**
 * For a whole body with a span every such body shares (a page's stylesheet): gzip compresses only
 * what is around the span, which costs less than brotli compressing all of it.
 */
export const CHEAPEST_AROUND_SHARED_SPAN: readonly Encoding[] = ["zstd", "gzip", "br"];
/** For bytes compressed once and served many times: the smallest first. */
export const SMALLEST_FIRST: readonly Encoding[] = ["br", "zstd", "gzip"];

/** Below this a compressed body saves less than the headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli's window is 4 MiB unless told otherwise, and a compressor's memory counts against the
 * JavaScript heap, so a compressor made per request set collections running several times as often:
 * a listing in brotli cost three times its render (docs/benchmarks.md, render cost). A window the
 * size of the body compresses it exactly as well.
 */
export const brotliWindowFor = (bytes: number): number =>
  Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))));

function weightsOf(acceptEncoding: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * The encoding to send for this Accept-Encoding: the one the client weighs highest, ties going to
 * the first in `preference`. Null (send the body as it is) when the client names none of ours with
 * q > 0, or weighs `identity` above all of them. A client that refuses identity as well still gets
 * identity: an answer it may not want beats a 406 for a page.
 */
export function chooseEncoding(acceptEncoding: string | undefined, preference: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = weightsOf(acceptEncoding);
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  let best: Encoding | null = null;
  for (const encoding of preference) if (weightOf(encoding) > (best ? weightOf(best) : 0)) best = encoding;
  if (!best) return null;
  const identity = weights.get("identity");
  return identity !== undefined && identity > weightOf(best) ? null : best;
}
