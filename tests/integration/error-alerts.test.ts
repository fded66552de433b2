import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR_ALERT_CLIENT_LIMIT, ERROR_ALERTS_PER_WINDOW, sendErrorAlert } from "../../domain/alerts/send-error-alert.ts";
import { jobViewer } from "../../domain/jobs/define-job.ts";
import { sendOutboxEmail } from "../../domain/outbox/send-outbox-email.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import type { Mailer, OutgoingEmail } from "../../integrations/email/mailer.ts";
import { testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const ADMIN = "admin@nectarlab.sg";

describe(`error alerts (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    for (const table of ["email_outbox", "error_alerts", "rate_limit_hits"])
      await database.db.execute(sql`delete from ${sql.identifier(table)}`);
  });

  /** A context at a given time, with an admin address (or none), recording its jobs and log lines. */
  function alertContext(at: string, adminEmail: string | null = ADMIN) {
    const queue = recordingJobs();
    const logged: string[] = [];
    const base = testContext(database.db, { now: () => new Date(at), ports: { jobs: queue.jobs } });
    const record = (_details: object, message: string) => logged.push(message);
    const ctx: OperationContext = {
      ...base,
      settings: { ...base.settings, adminEmail },
      log: { info: record, warn: record, error: record },
    };
    return { ctx, queue, logged };
  }

  const report = (ctx: OperationContext, message = "TypeError: x is undefined", path = "/bag") =>
    sendErrorAlert(ctx, { data: { env: "production", path, message }, clientAddress: null });

  const outboxCount = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from email_outbox where kind = 'error-alert'`))[0]
      ?.n;

  it("emails the first report of an error and path in a window, not its repeats, and again in the next window", async () => {
    const first = alertContext("2026-11-23T10:05:00Z");
    expect(await report(first.ctx)).toEqual({ outcome: "emailed" });
    expect(first.queue.named("send-email")).toHaveLength(1);
    const later = alertContext("2026-11-23T10:59:59Z");
    expect(await report(later.ctx)).toEqual({ outcome: "repeat" });
    expect(later.queue.sent).toHaveLength(0);
    expect(await report(later.ctx, "TypeError: x is undefined", "/shop")).toEqual({ outcome: "emailed" });
    expect(await outboxCount()).toBe(2);
    const nextHour = alertContext("2026-11-23T11:00:00Z");
    expect(await report(nextHour.ctx)).toEqual({ outcome: "emailed" });
    expect(await outboxCount()).toBe(3);
  });

  it("emails one report of many identical ones arriving together", async () => {
    const { ctx, queue } = alertContext("2026-11-23T12:00:00Z");
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => report(ctx)));
    expect(outcomes.filter((result) => result.outcome === "emailed")).toHaveLength(1);
    expect(outcomes.filter((result) => result.outcome === "repeat")).toHaveLength(49);
    expect(queue.named("send-email")).toHaveLength(1);
    expect(await outboxCount()).toBe(1);
  });

  it("records and emails at most the hourly cap of distinct errors; the rest are logged only", async () => {
    const { ctx, logged } = alertContext("2026-11-23T13:30:00Z");
    for (let n = 0; n < ERROR_ALERTS_PER_WINDOW.limit; n++)
      expect(await report(ctx, `Error number ${n}`)).toEqual({ outcome: "emailed" });
    expect(await report(ctx, "One error too many")).toEqual({ outcome: "over-cap" });
    expect(logged).toContain("error alert not emailed: the hourly cap of distinct alerts is reached");
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from error_alerts`);
    expect(rows[0]?.n).toBe(ERROR_ALERTS_PER_WINDOW.limit);
    expect(await outboxCount()).toBe(ERROR_ALERTS_PER_WINDOW.limit);
    expect(await report(alertContext("2026-11-23T14:00:00Z").ctx, "One error too many")).toEqual({ outcome: "emailed" });
  });

  it("only logs an alert when no admin address is set", async () => {
    const { ctx, queue, logged } = alertContext("2026-11-23T15:00:00Z", null);
    expect(await report(ctx)).toEqual({ outcome: "logged" });
    expect(queue.sent).toHaveLength(0);
    expect(await outboxCount()).toBe(0);
    expect(logged).toEqual(["error alert (no ADMIN_EMAIL: logged only)"]);
  });

  it("limits reports per client address and says when to try again", async () => {
    const { ctx } = alertContext("2026-11-23T16:00:30Z");
    const from = (address: string, message: string) =>
      sendErrorAlert(ctx, { data: { env: "staging", path: "/", message }, clientAddress: address });
    for (let n = 0; n < ERROR_ALERT_CLIENT_LIMIT.limit; n++) await from("203.0.113.7", "Same error again");
    expect(await from("203.0.113.7", "A new error")).toEqual({ outcome: "rate-limited", retryAfterSeconds: 570 });
    expect(await from("198.51.100.1", "A new error")).toEqual({ outcome: "emailed" });
  });

  it("sends the admin a plain-text email naming the environment, path, message and first sighting", async () => {
    const at = "2026-11-23T08:05:00Z";
    const { ctx, queue } = alertContext(at);
    await report(ctx, "<b>Boom</b>\r\nat render (app.js:1)\u0007\u202e", "/shop/joffee");
    const sent: OutgoingEmail[] = [];
    const mailer: Mailer = {
      send: async (email) => {
        sent.push(email);
        return { messageId: `<${email.key}@test>` };
      },
    };
    const worker = testContext(database.db, { viewer: jobViewer("send-email"), ports: { mailer } });
    const outboxId = String(queue.named("send-email")[0]?.data.outboxId);
    expect(await sendOutboxEmail(worker, { outboxId })).toEqual({ sent: true });
    expect(await sendOutboxEmail(worker, { outboxId })).toEqual({ sent: false });
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email?.to).toBe(ADMIN);
    expect(email?.html).toBeUndefined();
    expect(email?.subject).toBe("[Nectar Lab production] <b>Boom</b>");
    expect(email?.text).toContain("Environment: production");
    expect(email?.text).toContain("Path: /shop/joffee");
    expect(email?.text).toContain("First seen: Mon, 23 Nov 2026, 4:05 pm Singapore time (2026-11-23T08:05:00.000Z)");
    expect(email?.text).toContain("Message:\n<b>Boom</b>\nat render (app.js:1)\uFFFD\uFFFD\n");
  });

  it("refuses a malformed report, naming the field, and writes nothing", async () => {
    const { ctx } = alertContext("2026-11-23T17:00:00Z");
    const bad = (data: unknown) => sendErrorAlert(ctx, { data: data as never, clientAddress: null });
    await expect(bad({ env: "production", path: "/bag\nX-Evil: 1", message: "x" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { "data.path": "must be a path starting with / (no spaces or control characters)" },
    });
    await expect(bad({ env: "production", path: "/", message: " \u0000 " })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(bad({ env: "production", path: "/", message: "x".repeat(1001) })).rejects.toMatchObject({
      fields: { "data.message": "must be at most 1000 characters" },
    });
    await expect(bad({ env: "Prod uction", path: "/", message: "x" })).rejects.toMatchObject({
      fields: { "data.env": expect.any(String) },
    });
    await expect(bad(undefined)).rejects.toMatchObject({ fields: { data: "must be an object with env, path and message" } });
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from error_alerts`);
    expect(rows[0]?.n).toBe(0);
  });
});
