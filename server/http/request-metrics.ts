import type { Context, MiddlewareHandler } from "hono";
import { Counter, Histogram, type Registry } from "prom-client";
import { CLIENT_CLOSED_REQUEST } from "./request-context.ts";

const LABELS = ["route", "method", "status"] as const;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Counts and times every request by route pattern (see route-label.ts), method and status class
 * (2xx…5xx), into `http_requests_total` and `http_request_duration_seconds`: a bounded set of series
 * whatever addresses clients ask for. The time runs until the answer starts (its headers), as the
 * access log's `ms` does; a client that went away counts as 4xx (the log's 499).
 */
export function requestMetrics(registry: Registry, labelOf: (c: Context) => string): MiddlewareHandler {
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status class.",
    labelNames: LABELS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time until the answer starts, by route pattern, method and status class.",
    labelNames: LABELS,
    registers: [registry],
  });
  return async (c, next) => {
    const started = performance.now();
    // Hono answers a thrown error with the app's error handler before this resumes: c.res is the 500.
    await next();
    const status = c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
    const labels = {
      route: labelOf(c),
      method: METHODS.has(c.req.method) ? c.req.method : "other",
      status: `${Math.floor(status / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - started) / 1000);
  };
}
