import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { receiveProviderRefund } from "../../domain/orders/refunds/receive-provider-refund.ts";
import { renewalOrderKey } from "../../domain/subscriptions/renewal-paid.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { entriesOf } from "../setup/loyalty-fixtures.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { renewalRun, subscribedMember } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`a renewal refunded in the payment provider's dashboard (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: ReturnType<typeof recordingTestPayments>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  checkLedgerAfterEach(() => database.db);
  afterAll(() => database.close());

  it("is found by its payment intent, though no checkout page took it, and recorded once however often its webhook comes", async () => {
    const at = new Date(Date.UTC(2031, 2, 3, 2));
    const { memberId, subscription } = await subscribedMember(database.db, recording, { at });
    const run = renewalRun(database.db, recording, new Date(at.getTime() + 28 * DAY_MS));
    expect(await runRenewals(run, {})).toEqual({ paid: 1 });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, renewalOrderKey(subscription.id, subscription.nextRenewalOn)));
    const paymentIntentId = order?.paymentIntentId ?? "";
    expect(await recording.payments.sessionOfPayment(paymentIntentId)).toBeNull();

    const notice = {
      providerRefundId: `re_${randomUUID()}`,
      paymentIntentId,
      amountCents: 1_000,
      succeeded: true,
      shopRefundId: null,
    };
    await Promise.all([receiveProviderRefund(run, notice), receiveProviderRefund(run, notice)]);
    await receiveProviderRefund(run, notice);

    const [refunded] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ""));
    expect(refunded?.refundedCents).toBe(1_000);
    expect(
      await database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, order?.id ?? "")),
    ).toEqual([
      expect.objectContaining({
        source: "provider",
        status: "succeeded",
        amountCents: 1_000,
        providerRefundId: notice.providerRefundId,
      }),
    ]);
    expect(await entriesOf(database.db, memberId, "refund")).toHaveLength(1);
    const emails = await queryRows(
      database.db,
      sql`select kind from email_outbox where order_id = ${order?.id ?? ""} and kind = 'order-refund'`,
    );
    expect(emails).toHaveLength(1);
  });
});
