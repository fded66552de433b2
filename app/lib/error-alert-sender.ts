import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { errorAlertData, errorAlertPath, messageOf, reportsErrors } from "./error-alerts.ts";
import { useRootData } from "./root-data.ts";

/** What React Router shows in the browser for a server error it hides: the server has reported it already. */
const HIDDEN_SERVER_ERROR = "Unexpected Server Error";

const sentThisPageLoad = new Set<string>();

/** Posts one alert per distinct message per page load, and lets it outlive a page being closed. */
export function sendErrorAlert(env: string, error: unknown): void {
  if (!reportsErrors(env)) return;
  const data = errorAlertData(env, window.location.pathname, error);
  if (sentThisPageLoad.has(data.message)) return;
  sentThisPageLoad.add(data.message);
  fetch(errorAlertPath(env), {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ data }),
  }).catch(() => {
    // An alert that cannot be delivered has nowhere further to go; the page carries on.
  });
}

/** Errors worth an alert from the error page: not a 4xx answer, and not one the server already reported. */
export function isUnhandledError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return messageOf(error) !== HIDDEN_SERVER_ERROR;
}

/** An error page's alert for the error it shows, when that is worth one (see isUnhandledError). */
export function useErrorAlert(error: unknown): void {
  const appEnv = useRootData()?.appEnv;
  useEffect(() => {
    if (appEnv && isUnhandledError(error)) sendErrorAlert(appEnv, error);
  }, [appEnv, error]);
}

/** Alerts for errors no code caught: thrown in an event handler or a timer, or a promise nobody awaited. */
export function listenForUnhandledErrors(env: string): () => void {
  if (!reportsErrors(env)) return () => {};
  const onError = (event: ErrorEvent) => sendErrorAlert(env, event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => sendErrorAlert(env, event.reason);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
