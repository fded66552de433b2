import pino from "pino";
import type { Config } from "./env.ts";

export type Logger = pino.Logger;
export type LogDestination = pino.DestinationStream;

/** JSON lines to standard output, or to `destination` (tests read what the shop logs). */
export function createLogger(config: Pick<Config, "LOG_LEVEL" | "APP_ENV">, destination?: LogDestination): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: { env: config.APP_ENV },
    redact: ["req.headers.cookie", "req.headers.authorization"],
  };
  return destination ? pino(options, destination) : pino(options);
}
