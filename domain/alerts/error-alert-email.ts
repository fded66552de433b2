import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { errorAlerts } from "../../db/schema/alerts.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { AppError } from "../../kernel/app-error.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import { ERROR_ALERT_WINDOW_SECONDS, ERROR_ALERTS_PER_WINDOW } from "./send-error-alert.ts";

const SUBJECT_TEXT = 80;

const shortened = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** The admin's email about one error alert: plain text only, so nothing reported can become markup. */
export async function errorAlertEmail(
  db: Database,
  alertId: string,
  brandName: string,
): Promise<Omit<OutgoingEmail, "key" | "date">> {
  const [alert] = await db.select().from(errorAlerts).where(eq(errorAlerts.id, alertId));
  if (!alert?.recipient) throw new AppError("NOT_FOUND", `No error alert ${alertId} to email.`);
  const windowEnd = new Date(alert.windowStart.getTime() + ERROR_ALERT_WINDOW_SECONDS * 1000);
  const firstLine = alert.message.split("\n", 1)[0] ?? "";
  const text = [
    `An unhandled error was reported by ${brandName} (${alert.env}).`,
    "",
    `Environment: ${alert.env}`,
    `Path: ${alert.path}`,
    `First seen: ${formatTimestamp(alert.firstSeenAt)} Singapore time (${alert.firstSeenAt.toISOString()})`,
    "",
    "Message:",
    alert.message,
    "",
    `Further reports of this error on this path are not emailed before ${formatTimestamp(windowEnd)}.`,
    `At most ${ERROR_ALERTS_PER_WINDOW.limit} distinct errors are emailed each hour; the rest are only logged.`,
  ].join("\n");
  return {
    to: alert.recipient,
    subject: `[${brandName} ${alert.env}] ${shortened(firstLine, SUBJECT_TEXT)}`,
    text,
  };
}
