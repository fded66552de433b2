import pino from "pino";
import type { Config } from "./env.ts";

export type Logger = pino.Logger;

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "APP_ENV">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { env: config.APP_ENV },
    redact: ["req.headers.cookie", "req.headers.authorization"],
  });
}
