import type { Database } from "../db/client.ts";
import { runLoyaltyMaintenance } from "../domain/loyalty/maintenance.ts";
import type { Logger } from "./logger.ts";

export const LOYALTY_MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

export type Jobs = {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop: () => Promise<void>;
};

/**
 * The scheduled work of this process: loyalty maintenance (gold years, expired redeems) at start and
 * every 10 minutes. Every process schedules it; the database lock inside lets one run at a time, and
 * this process never starts a run while its own previous one is still going.
 */
export function startJobs(deps: { db: Database; logger: Logger; intervalMs?: number; now?: () => Date }): Jobs {
  const { db, logger } = deps;
  let running: Promise<void> | null = null;

  const run = () => {
    if (running) return;
    const started = performance.now();
    running = runLoyaltyMaintenance(db, deps.now?.() ?? new Date())
      .then(
        (result) => {
          const ms = Math.round(performance.now() - started);
          if (!result.ran) logger.debug({ ms }, "loyalty maintenance: another process is running it");
          else
            logger.info({ ms, renewed: result.renewed, demoted: result.demoted, redeems: result.redeems }, "loyalty maintenance");
        },
        // Logged, and tried again at the next tick: a failed run changes nothing (one transaction).
        (err: unknown) => logger.error({ err }, "loyalty maintenance failed"),
      )
      .finally(() => {
        running = null;
      });
  };

  run();
  const timer = setInterval(run, deps.intervalMs ?? LOYALTY_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
