import { ERROR_ALERT_LIMITS } from "../../domain/alerts/error-alert-limits.ts";

/** The error alert endpoint in every environment (SPEC.md §7). */
export const ERROR_ALERT_API_PATH = "/api/debug/send-email-to-admin";

/** Staging and production report unhandled errors to the admin; other environments only show them. */
export const reportsErrors = (env: string): boolean => env === "staging" || env === "production";

/** Where an environment posts its alerts: in staging and production the "/api" prefix becomes "/{env}/dkv4". */
export const errorAlertPath = (env: string): string =>
  reportsErrors(env) ? `/${env}/dkv4/debug/send-email-to-admin` : ERROR_ALERT_API_PATH;

export type ErrorAlertData = { env: string; path: string; message: string };

/** What an error says about itself, whatever was thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** At most `max` characters, never ending in half a character (a lone surrogate is refused). */
function cut(value: string, max: number): string {
  const start = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(start) ? start.slice(0, -1) : start;
}

/** An alert cut to the sizes the endpoint takes, so a long message still arrives. */
export function errorAlertData(env: string, path: string, error: unknown): ErrorAlertData {
  return {
    env,
    path: cut(path, ERROR_ALERT_LIMITS.path),
    message: cut(messageOf(error).trim() || "(an error without a message)", ERROR_ALERT_LIMITS.message),
  };
}
