import type { Context, Hono } from "hono";
import { ERROR_ALERT_API_PATH, type ErrorAlertData, errorAlertPath, reportsErrors } from "../../app/lib/error-alerts.ts";
import { sendErrorAlert } from "../../domain/alerts/send-error-alert.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { limitBody } from "./body-limit.ts";
import type { HttpEnv } from "./request-context.ts";

const ERROR_ALERT_ENV_PATTERN = "/:env/dkv4/debug/send-email-to-admin";

/** An alert is a few lines of text: anything bigger is refused before it is read. */
export const ERROR_ALERT_MAX_BODY_BYTES = 8 * 1024;

/** The alert endpoint in every environment, and in staging and production also its "/{env}/dkv4" form. */
export function errorAlertPaths(appEnv: string): string[] {
  return reportsErrors(appEnv) ? [ERROR_ALERT_API_PATH, errorAlertPath(appEnv)] : [ERROR_ALERT_API_PATH];
}

/** The alert paths' own, smaller, body limit; mounted before the shop-wide one. */
export function limitErrorAlertBodies(app: Hono<HttpEnv>, appEnv: string): void {
  for (const path of errorAlertPaths(appEnv)) app.use(path, limitBody(ERROR_ALERT_MAX_BODY_BYTES));
}

const refuse = (c: Context<HttpEnv>, status: 400 | 403 | 415, error: string, fields?: Record<string, string>) =>
  c.json(fields ? { error, fields } : { error }, status);

/**
 * POST {data: {env, path, message}}: an unhandled error seen by a browser. Answers 202 once the
 * report is counted (emailed or not: the client has nothing more to do), 429 with Retry-After past
 * the client's limit, 4xx naming what is wrong with anything else.
 */
export function mountErrorAlertRoutes(app: Hono<HttpEnv>, appEnv: string): void {
  for (const path of errorAlertPaths(appEnv)) {
    app.post(path, async (c) => {
      // The shop's own pages post from the same origin; another site's pages may not make its visitors report.
      const site = c.req.header("sec-fetch-site");
      if (site && site !== "same-origin") return refuse(c, 403, "Error alerts are accepted from this shop's own pages only.");
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json") return refuse(c, 415, "Send the alert as JSON (Content-Type: application/json).");
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return refuse(c, 400, "The body is not valid JSON.");
      }
      // Whatever was sent goes to the operation, whose schema says what is wrong with it.
      const data = (typeof body === "object" && body !== null ? (body as { data?: unknown }).data : undefined) as ErrorAlertData;
      try {
        const result = await sendErrorAlert(c.var.operations, { data, clientAddress: c.var.clientAddress });
        if (result.outcome === "rate-limited") {
          c.header("Retry-After", String(result.retryAfterSeconds));
          return c.json({ error: "Too many error reports from this address. Please try again later." }, 429);
        }
        return c.json({ accepted: true }, 202);
      } catch (error) {
        if (isAppError(error) && error.code === "BAD_USER_INPUT") return refuse(c, 400, error.message, error.fields);
        throw error;
      }
    });
  }
  // Another environment's form of the path is no address here (not a page that refuses the method).
  app.post(ERROR_ALERT_ENV_PATTERN, (c) => c.json({ error: "Not found." }, 404));
}
