import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };

/** How the receiver answers a request at a path: a status (and body), or never (the request hangs). */
export type Answer = { status: number; body?: string } | "hang";

/**
 * A webhook endpoint on this machine (on `port`, or a free one): records every request, and answers each
 * path with the next of the answers given for it (the last one again once they run out; 200 for a path
 * given none).
 */
export async function startWebhookReceiver(answers: Record<string, Answer[]> = {}, port = 0) {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      const seen = received.filter((request) => request.path === path).length;
      received.push({ path, headers: req.headers, body });
      const queue = answers[path] ?? [];
      const answer = queue[Math.min(seen, queue.length - 1)] ?? { status: 200 };
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${listening}${path}`,
    received,
    at: (path: string) => received.filter((request) => request.path === path),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Checks a delivery the way docs/api.md tells receivers to, written apart from the shop's own signing
 * code: HMAC-SHA256 of `{Webhook-Timestamp}.{body}` with the secret, hex, after `v1=`.
 */
export function verifiesWith(secret: string, request: ReceivedWebhook): boolean {
  const timestamp = String(request.headers["webhook-timestamp"]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex");
  const given = String(request.headers["webhook-signature"] ?? "")
    .split(" ")
    .filter((part) => part.startsWith("v1="))
    .map((part) => Buffer.from(part.slice(3), "hex"));
  return given.some((signature) => signature.length === 32 && timingSafeEqual(signature, Buffer.from(expected, "hex")));
}
