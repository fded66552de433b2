import { renderToReadableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceContext } from "./components/nonce.tsx";
import { RenderedOnce } from "./components/rendered-once.tsx";
import { requestContext } from "./context.ts";
import { APP_BUILD } from "./lib/app-build.ts";
import { type FirstPaintDocument, firstPaintDocument } from "./lib/first-paint.server.ts";
import { renderedOnce } from "./lib/rendered-once.server.ts";
import { reportServerError } from "./lib/server-error-alert.server.ts";
// The whole stylesheet goes inside every page (about 6 KB compressed).
import stylesheet from "./styles/app.css?inline";

// The HTTP server reads the context key from the build, so both sides share one instance; and the
// build's identity, so its build endpoint answers with what the pages were built with.
export { APP_BUILD as appBuild, requestContext };

export const streamTimeout = 5_000;

/**
 * The bytes of each document this entry answered with, which the HTTP server writes in one call.
 * Where the stylesheet stands in them lets it compress only the rest.
 */
const documentBodies = new WeakMap<Response, FirstPaintDocument>();
export const documentBody = (response: Response) => documentBodies.get(response);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Before HEAD returns: it answers with the headers a GET would have.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const { nonce } = loadContext.get(requestContext);
  const page = (
    <NonceContext.Provider value={nonce}>
      <RenderedOnce.Provider value={renderedOnce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderedOnce.Provider>
    </NonceContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // A client that went away stops the render: nothing failed.
      if (shellRendered && !request.signal.aborted)
        loadContext.get(requestContext).log.error({ err: error }, "streaming render failed");
    },
  });
  shellRendered = true;
  // Every client gets the whole document at once, with its final status. No page defers data, so
  // only React Router's own data script comes after the shell, a tick later; streamed, it costs a
  // hidden copy, React's script to move it into place and a compression flush per chunk (about
  // 600 bytes compressed, the difference between one round trip and two on a slow phone), and a
  // page kept for everyone would keep whichever form its first visitor was sent.
  // Whole, it goes out as one buffer with its length: no stream to pass through the server's layers,
  // and it is compressed in one call.
  await body.allReady;
  const document = firstPaintDocument(await readWhole(body), { stylesheet, nonce });
  responseHeaders.set("Content-Length", String(document.html.byteLength));
  // The body stays in documentBodies: given to the response, it would be copied into a stream as
  // React Router reads the response's body to tell it is one.
  const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
  documentBodies.set(response, document);
  return response;
}

async function readWhole(stream: ReadableStream<Uint8Array>): Promise<Buffer<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A loader, an action or the render failed: logged and reported to the admin. A 4xx answer (an
 * unknown path, a thrown 404) is not a failure, and neither is a client that went away.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // Only a request refused before its context was made (never from this server) comes without one.
  if (!(context instanceof RouterContextProvider)) return;
  const { operations, log } = context.get(requestContext);
  log.error({ err: error }, "unhandled error in a route");
  reportServerError(operations, request, error);
};
