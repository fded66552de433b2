import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type StripeRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: URLSearchParams };

/** What the stand-in answers a request with: Stripe's JSON, with its HTTP status (200 unless told). */
export type StripeAnswer = { status?: number; body: unknown };

/**
 * A local HTTP server standing in for Stripe's API: records each request (form-encoded, as the SDK
 * sends it) and answers as the test tells it; an unknown path gets Stripe's 404.
 */
export async function startStripeApi(answer: (request: StripeRequest) => StripeAnswer | null) {
  const seen: StripeRequest[] = [];
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const seenRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: new URLSearchParams(raw),
      };
      seen.push(seenRequest);
      const answered = answer(seenRequest) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", message: "unknown" } },
      };
      response.statusCode = answered.status ?? 200;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answered.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
