import type { Context } from "hono";
import type { SharedSpan } from "./gzip-shared-span.ts";

/**
 * Responses whose body is one buffer. Node's adapter writes such a response to the socket in one
 * call, but only while nothing has read its body: React Router reads it to tell a response from
 * data, and Hono reads it when a middleware replaces `c.res`, and from then on the body goes out
 * as a stream, read chunk by chunk. The bytes are kept beside the response, so later steps read
 * them rather than the stream.
 */
const bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();
const sharedSpans = new WeakMap<Response, SharedSpan>();

/** A response of one buffer; `sharedSpan`: where it carries bytes every such response does (a page's stylesheet). */
export function wholeResponse(
  body: Uint8Array<ArrayBuffer>,
  init: { status: number; headers: Headers },
  sharedSpan?: SharedSpan | null,
): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  if (sharedSpan) sharedSpans.set(response, sharedSpan);
  return response;
}

/** Where a whole response's body carries bytes every such response does, when it says. */
export const sharedSpanOf = (response: Response): SharedSpan | undefined => sharedSpans.get(response);

/** The bytes a whole response was made from; undefined for any other response. */
export const wholeBodyOf = (response: Response): Uint8Array<ArrayBuffer> | undefined => bodies.get(response);

/**
 * Makes `response` the answer. Assigning over an answer makes Hono copy the old one's headers into
 * a copy of the new one made through its body; `response` carries the headers it needs already.
 */
export function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}
