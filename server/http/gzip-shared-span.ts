import { constants, crc32, deflateRawSync } from "node:zlib";

/** Where, in a body, bytes every such body carries stand (a page's stylesheet): [start, end). */
export type SharedSpan = { start: number; end: number };

/** A gzip member: deflate, no name or time, from an unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

let kept: { bytes: Buffer; deflated: Buffer } | null = null;

/** The span deflated once, ending on a byte boundary so more can follow; again only when it changes. */
function deflatedOnce(span: Uint8Array): Buffer {
  if (!kept?.bytes.equals(span)) {
    kept = {
      bytes: Buffer.from(span),
      deflated: deflateRawSync(span, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
    };
  }
  return kept.deflated;
}

/**
 * `body` in gzip, compressing only what lies around the shared span: one deflate stream made of
 * the part before it (flushed to a byte boundary), the span deflated once for every body that
 * carries it, and the part after it, with the whole body's checksum and length. A page's inline
 * stylesheet is about half its bytes, so a page costs about half the work to compress.
 */
export function gzipAroundSharedSpan(body: Uint8Array, span: SharedSpan, level: number): Buffer {
  const before = deflateRawSync(body.subarray(0, span.start), { level, finishFlush: constants.Z_SYNC_FLUSH });
  const after = deflateRawSync(body.subarray(span.end), { level });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, before, deflatedOnce(body.subarray(span.start, span.end)), after, trailer]);
}
