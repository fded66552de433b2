import { type LookupAddress, type LookupOptions, lookup } from "node:dns";
import { lookup as lookupAll } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "./private-addresses.ts";
import type { WebhookResponse, WebhookSender } from "./webhook-sender.ts";

/** How long one request may take, connection to last byte. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a response body kept with an attempt. */
export const WEBHOOK_RESPONSE_CHARS = 1_000;

type Options = {
  /**
   * Outside production only: plain http and private, loopback and link-local addresses are let through,
   * so an endpoint on this machine can be tried.
   */
  allowLocalTargets: boolean;
  timeoutMs?: number;
};

/** The URL's host as an address or name, without an IPv6 literal's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

function refusedAddress(host: string, address: string): string {
  return host === address
    ? `${address} is a private, loopback or link-local address`
    : `${host} resolves to ${address}, a private, loopback or link-local address`;
}

/**
 * The connection's own name lookup, refusing the connection when any address the name resolves to is
 * private: checked as it connects, so a name that resolved to a public address when it was registered
 * (or a moment ago) cannot be pointed inside afterwards.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: (...args: never[]) => void) {
  const answer = callback as (error: Error | null, address?: string | LookupAddress[], family?: number) => void;
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return answer(error);
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) return answer(new Error(refusedAddress(hostname, inside.address)));
    if (options.all) return answer(null, addresses);
    const [first] = addresses;
    return answer(null, first?.address, first?.family);
  });
}

/** Webhook requests over node:http(s), with the target checks of decision 042. */
export function createHttpWebhookSender(options: Options): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  function schemeRefusal(url: URL): string | null {
    if (url.protocol === "https:") return null;
    if (url.protocol === "http:" && options.allowLocalTargets) return null;
    return options.allowLocalTargets ? "must start with https:// or http://" : "must start with https://";
  }

  return {
    async refusal(text) {
      const url = URL.canParse(text) ? new URL(text) : null;
      if (!url) return "is not a web address";
      const scheme = schemeRefusal(url);
      if (scheme) return scheme;
      if (url.username || url.password) return "must not hold a user name or password";
      if (options.allowLocalTargets) return null;
      const host = hostOf(url);
      if (isIP(host)) return isPrivateAddress(host) ? refusedAddress(host, host) : null;
      const addresses = await lookupAll(host, { all: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOTFOUND" || error.code === "ENODATA") return null;
        throw error;
      });
      if (!addresses) return `${host} is not a name that resolves`;
      const inside = addresses.find((entry) => isPrivateAddress(entry.address));
      return inside ? refusedAddress(host, inside.address) : null;
    },

    post(request) {
      const started = performance.now();
      const done = (statusCode: number | null, response: string): WebhookResponse => ({
        statusCode,
        response: response.slice(0, WEBHOOK_RESPONSE_CHARS),
        durationMs: Math.round(performance.now() - started),
      });
      const url = new URL(request.url);
      const scheme = schemeRefusal(url);
      if (scheme) return Promise.resolve(done(null, `Not sent: the address ${scheme}.`));
      const host = hostOf(url);
      if (!options.allowLocalTargets && isIP(host) && isPrivateAddress(host)) {
        return Promise.resolve(done(null, `Not sent: ${refusedAddress(host, host)}.`));
      }
      return new Promise((resolve) => {
        const client = url.protocol === "https:" ? https : http;
        const req = client.request(url, {
          method: "POST",
          headers: { ...request.headers, "content-length": Buffer.byteLength(request.body) },
          ...(!options.allowLocalTargets && { lookup: guardedLookup }),
        });
        const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
        const finish = (result: WebhookResponse) => {
          clearTimeout(timer);
          resolve(result);
        };
        req.on("error", (error) => finish(done(null, error.message)));
        req.on("response", (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
            // Enough is kept: the rest is not read.
            if (body.length >= WEBHOOK_RESPONSE_CHARS) res.destroy();
          });
          const answered = () => finish(done(res.statusCode ?? null, body));
          res.on("end", answered);
          res.on("close", answered);
          res.on("error", answered);
        });
        req.end(request.body);
      });
    },
  };
}
