import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { payTestCheckout } from "../../domain/checkout/pay-test-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import type { OperationContext, Ports } from "../../domain/shared/context.ts";
import type { Mailer } from "../../integrations/email/mailer.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import type { Jobs } from "../../server/jobs.ts";
import { bagWith, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";

describe(`a test payment's webhook, delivered by the job queue (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let jobs: Jobs;
  let ports: Partial<Ports>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    jobs = await openTestJobs(database);
    // The provider's clock runs two minutes behind, so the redelivery it queues for a minute after
    // the payment is due at once.
    const payments = createTestPaymentProvider({
      db: database.db,
      webhookSecret: "whsec_queue_test",
      jobs: jobs.queue,
      now: () => new Date(Date.now() - 2 * 60_000),
    });
    const mailer: Mailer = { send: async (email) => ({ messageId: `<${email.key}@test>` }) };
    ports = { payments, testPayments: payments, jobs: jobs.queue, mailer };
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  it("makes the order once, after a crash cut the first delivery short", async () => {
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const { sessionId } = await startCheckout(testContext(database.db, { viewer: holderOf(bagToken), ports }), SHIPPING);
    const crashing: OperationContext = {
      ...testContext(database.db, { ports }),
      now: () => {
        throw new Error("process killed");
      },
      log: { info: () => {}, error: () => {}, warn: () => {} },
    };
    expect(await payTestCheckout(crashing, { sessionId, cardNumber: "4242424242424242" })).toMatchObject({ ok: true });
    const ordersOfSession = () => database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(await ordersOfSession()).toEqual([]);

    await jobs.startWorkers(testServices(database, ports));
    await eventually(ordersOfSession, (found) => found.length > 0);
    const delivered = await eventually(
      () =>
        queryRows<{ state: string }>(
          database.db,
          sql`select state from pgboss.job where name = 'redeliver-webhook' and data->>'eventId' is not null`,
        ),
      (rows) => rows.every((row) => row.state === "completed"),
    );
    expect(delivered).toEqual([{ state: "completed" }]);
    expect(await ordersOfSession()).toHaveLength(1);
  });
});
