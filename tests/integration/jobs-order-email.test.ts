import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest } from "../../domain/shared/context.ts";
import { createMailer, type Mailer } from "../../integrations/email/mailer.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";
import type { Jobs } from "../../server/jobs.ts";
import { bagWith, checkoutPorts, holderOf } from "../setup/checkout-fixtures.ts";
import { sentEmailFiles } from "../setup/email-text.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

const ORDERS = 20;

describe(`order confirmation emails as jobs (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let outboxDir: string;
  const queues: Jobs[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
    outboxDir = mkdtempSync(path.join(tmpdir(), "order-emails-"));
    // Two queues on one database: two processes of the shop, each running the email workers.
    queues.push(await openTestJobs(database), await openTestJobs(database));
  });
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await database.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("sends one email per order when 20 paid checkouts are fulfilled at once, each by webhook and return together", async () => {
    const [first, second] = queues as [Jobs, Jobs];
    const ctx = () => testContext(database.db, { viewer: guest(), ports: { ...checkoutPorts(recording), jobs: first.queue } });
    const paid: { sessionId: string; email: string; event: PaymentEvent }[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
      const email = `shopper-${n}@example.com`;
      const form = { name: "Tan Mei Ling", email, mobile: "9123 4567", address: "1 Orchard Road", postalCode: "238801" };
      const { sessionId } = await startCheckout(
        testContext(database.db, { viewer: holderOf(bagToken), ports: { ...checkoutPorts(recording), jobs: first.queue } }),
        // Each shopper from an address of its own, as checkouts are limited per address.
        { ...form, baseUrl: "http://shop.test", clientAddress: `203.0.113.${n}` },
      );
      expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
      paid.push({ sessionId, email, event: await recording.lastEvent() });
    }

    const results = await Promise.all(
      paid.flatMap(({ sessionId, event }) => [
        fulfilCheckout(ctx(), { sessionId }),
        handlePaymentEvent(ctx(), event),
        handlePaymentEvent(ctx(), event),
      ]),
    );
    expect(results.filter((result) => result?.created)).toHaveLength(ORDERS);
    const queued = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'send-email'`,
    );
    expect(queued[0]?.n).toBe(ORDERS);

    const sends = new Map<string, number>();
    const outbox = createMailer({ from: "Nectar Lab <orders@nectarlab.test>", outboxDir });
    const mailer: Mailer = {
      send: (email) => {
        sends.set(email.key, (sends.get(email.key) ?? 0) + 1);
        return outbox.send(email);
      },
    };
    for (const jobs of [first, second])
      await jobs.startWorkers(testServices(database, { ...checkoutPorts(recording), mailer, jobs: jobs.queue }));
    await eventually(
      async () => (await database.db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length,
      (unsent) => unsent === 0,
    );

    const rows = await database.db.select().from(emailOutbox);
    expect(rows).toHaveLength(ORDERS);
    expect([...sends.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    const recipients = sentEmailFiles(outboxDir).map(
      (file) => /^To: (.+?)\r?$/m.exec(readFileSync(path.join(outboxDir, file), "utf8"))?.[1],
    );
    expect(recipients.sort()).toEqual(paid.map((order) => order.email).sort());
  });
});
