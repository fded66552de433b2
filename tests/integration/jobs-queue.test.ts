import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { listFailedJobs } from "../../domain/jobs/list-failed-jobs.ts";
import { retryJob } from "../../domain/jobs/retry-job.ts";
import { queueOrderEmail } from "../../domain/orders/order-email.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import type { Mailer, OutgoingEmail } from "../../integrations/email/mailer.ts";
import { permissionsOf, type StaffPermission } from "../../kernel/staff-permissions.ts";
import type { Jobs } from "../../server/jobs.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

const staff = (granted: StaffPermission[]): Viewer => ({
  kind: "staff",
  staffId: "staff-1",
  email: "ops@example.com",
  role: "staff",
  permissions: permissionsOf("staff", granted),
});

/** A mailer that takes `delayMs` per message and records what it finished sending. */
function slowMailer(delayMs: number) {
  const started: string[] = [];
  const finished: OutgoingEmail[] = [];
  const mailer: Mailer = {
    async send(email) {
      started.push(email.key);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      finished.push(email);
      return { messageId: `<${email.key}@test>` };
    },
  };
  return { mailer, started, finished };
}

describe(`the job queue (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let jobs: Jobs;
  const mail = slowMailer(600);

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = await openTestJobs(database);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const jobsWith = async (outboxId: string) =>
    (
      await queryRows<{ state: string }>(
        database.db,
        sql`select state from pgboss.job where name = 'send-email' and data->>'outboxId' = ${outboxId}`,
      )
    ).map((row) => row.state);

  it("queues a job with the transaction that asks for it, and not when that transaction rolls back", async () => {
    const committed = randomUUID();
    const rolledBack = randomUUID();
    await database.db.transaction(async (tx) => {
      await jobs.queue.send("send-email", { outboxId: committed }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.queue.send("send-email", { outboxId: rolledBack }, { tx });
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");

    expect(await jobsWith(committed)).toEqual(["created"]);
    expect(await jobsWith(rolledBack)).toEqual([]);
    await database.db.execute(sql`delete from pgboss.job where data->>'outboxId' = ${committed}`);
  });

  it("retries a failing job with backoff, keeps it when it gives up, and staff can send it back", async () => {
    await jobs.startWorkers(testServices(database, { mailer: mail.mailer, jobs: jobs.queue }));
    const missing = randomUUID();
    await jobs.queue.send("send-email", { outboxId: missing }, { retryLimit: 1 });

    const ops = testContext(database.db, { viewer: staff(["orders"]), ports: { jobs: jobs.queue } });
    const failedOne = async () =>
      (await listFailedJobs(ops, {})).filter((job) => job.data && (job.data as { outboxId?: string }).outboxId === missing);
    const [failed] = await eventually(failedOne, (list) => list.length === 1);
    expect(failed).toMatchObject({ name: "send-email", attempts: 2, error: `No outbox email ${missing}.` });
    expect(failed?.failedAt).toBeInstanceOf(Date);

    await retryJob(ops, { name: "send-email", id: failed?.id ?? "" });
    const [again] = await eventually(failedOne, (list) => list[0]?.attempts === 3);
    expect(again?.id).toBe(failed?.id);
    expect(
      await queryRows(database.db, sql`select action, target from audit_log where target = ${`send-email:${failed?.id}`}`),
    ).toEqual([{ action: "job.retry", target: `send-email:${failed?.id}` }]);

    await expect(retryJob(ops, { name: "send-email", id: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(retryJob(ops, { name: "send-email", id: "1; drop table orders" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(retryJob(ops, { name: "mine-bitcoin" as "send-email", id: randomUUID() })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    for (const viewer of [guest(), staff(["points"])]) {
      const outsider = testContext(database.db, { viewer, ports: { jobs: jobs.queue } });
      await expect(listFailedJobs(outsider, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(retryJob(outsider, { name: "send-email", id: failed?.id ?? "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("runs the loyalty maintenance at start as the shop's system user, once however many processes start", async () => {
    const another = await openTestJobs(database);
    await another.startWorkers(testServices(database, { mailer: mail.mailer, jobs: another.queue }));
    await another.stop();
    const runs = await eventually(
      () =>
        queryRows<{ slot: string; state: string; output: unknown }>(
          database.db,
          sql`select singleton_on::text as slot, state::text, output from pgboss.job where name = 'loyalty-maintenance'`,
        ),
      (rows) => rows.length > 0 && rows.every((row) => row.state === "completed"),
    );
    expect(runs[0]?.output).toMatchObject({ renewed: 0, demoted: 0, redeems: expect.any(Object) });
    // One run per ten-minute slot (two starts only make two runs across a slot boundary).
    expect(new Set(runs.map((run) => run.slot)).size).toBe(runs.length);
  });

  it("stops only after the job it is running has finished, so the database can close behind it", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 4_990 });
    await database.db.transaction((tx) => queueOrderEmail(tx, jobs.queue, order.id, "order-confirmation"));
    await eventually(
      async () => mail.started.length,
      (started) => started === 1,
    );

    await jobs.stop();
    expect(mail.finished.map((email) => email.to)).toEqual([order.email]);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});
