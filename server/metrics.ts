import { collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { DatabaseHandle, PoolCounts } from "../db/client.ts";
import { readShopTotals, type ShopTotals } from "../domain/monitoring/read-shop-totals.ts";
import { contextFor, type ShopServices } from "../domain/shared/context.ts";
import type { Jobs } from "./jobs.ts";
import type { Logger } from "./logger.ts";

/** How long one reading of the shop's totals answers scrapes: scrapers arriving together cost one reading. */
const TOTALS_KEPT_MS = 5_000;

let processRegistry: Registry | null = null;

/**
 * The process's own figures under their standard names (process_cpu_seconds_total, nodejs_heap_size_…,
 * nodejs_eventloop_lag_…): collected once per process, however many shops it serves (tests start several).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * What /metrics reports besides the HTTP figures (request-metrics.ts adds those): the process, the
 * PostgreSQL connection pools, the job queues, and the shop's orders, refunds and points. Queues and
 * totals are read from the database at scrape time, so every process reports the same truth.
 */
export function createMetricsRegistry(deps: {
  services: ShopServices;
  logger: Logger;
  database: DatabaseHandle;
  jobs: Jobs;
}): Registry {
  const registry = new Registry();
  if (deps.database.poolCounts) {
    poolGauges(registry, { shop: deps.database.poolCounts, jobs: deps.jobs.poolCounts });
  }
  new Gauge({
    name: "job_queue_jobs",
    help: "Background jobs per queue: queued (new or waiting to retry), active, failed (out of retries, kept 30 days).",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      for (const { queue, state, count } of await deps.jobs.counts()) this.set({ queue, state }, count);
    },
  });
  const monitor = contextFor(deps.services, { kind: "monitor" }, deps.logger);
  totalsGauges(
    registry,
    keptFor(TOTALS_KEPT_MS, () => readShopTotals(monitor, {})),
  );
  return Registry.merge([processMetrics(), registry]);
}

function poolGauges(registry: Registry, pools: Record<string, () => PoolCounts | null>): void {
  const figures: [keyof PoolCounts, string, string][] = [
    ["total", "db_pool_connections", "Open connections in the PostgreSQL pool."],
    ["idle", "db_pool_idle_connections", "Open connections no query is using."],
    ["waiting", "db_pool_waiting_clients", "Queries waiting for a connection."],
    ["max", "db_pool_max_connections", "The most connections the pool opens."],
  ];
  for (const [figure, name, help] of figures) {
    new Gauge({
      name,
      help: `${help} pool: shop (requests) or jobs (the job queue).`,
      labelNames: ["pool"],
      registers: [registry],
      collect() {
        for (const [pool, countsOf] of Object.entries(pools)) {
          const counts = countsOf();
          if (counts) this.set({ pool }, counts[figure]);
        }
      },
    });
  }
}

function totalsGauges(registry: Registry, totals: () => Promise<ShopTotals>): void {
  const gauge = (name: string, help: string, labelNames: string[], fill: (gauge: Gauge, read: ShopTotals) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const read = await totals();
        this.reset();
        fill(this, read);
      },
    });
  gauge("shop_orders", "Orders by status.", ["status"], (g, read) => {
    for (const [status, count] of Object.entries(read.orders)) g.set({ status }, count);
  });
  gauge("shop_refunds", "Refunds by status (pending: the payment provider has not confirmed it yet).", ["status"], (g, read) => {
    for (const [status, { count }] of Object.entries(read.refunds)) g.set({ status }, count);
  });
  gauge("shop_refunded_cents", "Money given back by refunds, in cents, by status.", ["status"], (g, read) => {
    for (const [status, { cents }] of Object.entries(read.refunds)) g.set({ status }, cents);
  });
  gauge(
    "shop_loyalty_points",
    "Points the ledger moved: credit (issued) or debit (redeemed, reversed, expired), by kind.",
    ["transaction_type", "kind"],
    (g, read) => {
      for (const { transactionType, kind, points } of read.points) g.set({ transaction_type: transactionType, kind }, points);
    },
  );
}

/** One reading answers every call for `ms`; a failed reading is not kept. */
function keptFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return async () => {
    if (kept && performance.now() - kept.at <= ms) return kept.value;
    const reading = { at: performance.now(), value: read() };
    kept = reading;
    try {
      return await reading.value;
    } catch (error) {
      if (kept === reading) kept = null;
      throw error;
    }
  };
}
