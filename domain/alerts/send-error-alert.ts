import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { errorAlerts } from "../../db/schema/alerts.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { anyone } from "../shared/access.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { countRateLimitHit, type RateLimit, windowStartOf } from "../shared/rate-limit.ts";
import { ERROR_ALERT_LIMITS } from "./error-alert-limits.ts";

/** The same error on the same path is emailed at most once per window (clock hours, UTC). */
export const ERROR_ALERT_WINDOW_SECONDS = 60 * 60;
/** At most this many distinct errors are recorded and emailed per window, however they are reported. */
export const ERROR_ALERTS_PER_WINDOW: RateLimit = { name: "error-alerts", limit: 20, windowSeconds: ERROR_ALERT_WINDOW_SECONDS };
/** Reports from one client address. */
export const ERROR_ALERT_CLIENT_LIMIT: RateLimit = { name: "error-alert-client", limit: 20, windowSeconds: 10 * 60 };

/** Controls other than line breaks and tabs, and the marks that reorder text on screen. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
const PATH = /^\/[^\s\p{Cc}]*$/u;

/** Line breaks and tabs stay (a message may span lines); any other control shows as "�". */
function plainMessage(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(HIDDEN_CHARACTERS, (char) => (char === "\n" || char === "\t" ? char : "\uFFFD"));
}

export const ErrorAlertInput = z.object({
  data: z.object(
    {
      env: z
        .string({ error: "is required" })
        .regex(/^[a-z][a-z0-9-]*$/, { error: "must be an environment name such as production" })
        .max(ERROR_ALERT_LIMITS.env, { error: `must be at most ${ERROR_ALERT_LIMITS.env} characters` }),
      path: text(ERROR_ALERT_LIMITS.path).refine((value) => PATH.test(value), {
        error: "must be a path starting with / (no spaces or control characters)",
      }),
      message: text(ERROR_ALERT_LIMITS.message)
        .transform((value) => plainMessage(value).trim())
        .refine((value) => value.length > 0, { error: "is required" }),
    },
    { error: "must be an object with env, path and message" },
  ),
  /** Where the report came from, limited per address; null for the shop's own errors. */
  clientAddress: z.string().max(100).nullable(),
});

/** What became of a counted report, each with its log line. */
const LOG_LINES = {
  emailed: "error alert: emailing the admin",
  logged: "error alert (no ADMIN_EMAIL: logged only)",
  repeat: "error alert repeated within its window",
  "over-cap": "error alert not emailed: the hourly cap of distinct alerts is reached",
} as const;

export type ErrorAlertOutcome = { outcome: keyof typeof LOG_LINES } | { outcome: "rate-limited"; retryAfterSeconds: number };

class OverCap extends Error {}

const fingerprintOf = (data: { env: string; path: string; message: string }) =>
  createHash("sha256")
    .update(JSON.stringify([data.env, data.path, data.message]))
    .digest("hex");

/**
 * sendErrorAlert (SPEC.md §7 "send-email-to-admin"): records an unhandled error and emails the admin
 * (ADMIN_EMAIL) the first report of each distinct error and path per window, through the outbox and
 * the send-email job. Whether a report is the first is decided by the database (a unique index on
 * the fingerprint and window, in the transaction that writes the email), so N processes and
 * concurrent reports still send one email. Without an admin address the alert is only logged.
 */
export const sendErrorAlert = defineOperation(
  { access: anyone, input: ErrorAlertInput },
  async function sendErrorAlert(ctx, { data, clientAddress }): Promise<ErrorAlertOutcome> {
    const now = ctx.now();
    if (clientAddress !== null) {
      const hit = await countRateLimitHit(ctx.db, ERROR_ALERT_CLIENT_LIMIT, clientAddress, now);
      if (!hit.allowed) return { outcome: "rate-limited", retryAfterSeconds: hit.retryAfterSeconds };
    }
    const recipient = ctx.settings.adminEmail;
    const alertId = randomUUID();
    let outcome: keyof typeof LOG_LINES;
    try {
      outcome = await ctx.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(errorAlerts)
          .values({
            id: alertId,
            fingerprint: fingerprintOf(data),
            windowStart: windowStartOf(now, ERROR_ALERT_WINDOW_SECONDS),
            ...data,
            recipient,
            firstSeenAt: now,
          })
          .onConflictDoNothing({ target: [errorAlerts.fingerprint, errorAlerts.windowStart] })
          .returning({ id: errorAlerts.id });
        if (!inserted) return "repeat";
        // Counted in this transaction: an alert over the cap rolls back with its count.
        if (!(await countRateLimitHit(tx, ERROR_ALERTS_PER_WINDOW, "shop", now)).allowed) throw new OverCap();
        if (!recipient) return "logged";
        const outboxId = randomUUID();
        await tx.insert(emailOutbox).values({ id: outboxId, alertId, kind: "error-alert" });
        await ctx.jobs.send("send-email", { outboxId }, { tx });
        return "emailed";
      });
    } catch (error) {
      if (!(error instanceof OverCap)) throw error;
      outcome = "over-cap";
    }
    ctx.log[outcome === "repeat" ? "info" : "warn"]({ alert: data, clientAddress, outcome }, LOG_LINES[outcome]);
    return { outcome };
  },
);
