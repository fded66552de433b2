import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { finishPendingRefund } from "../../domain/orders/refunds/complete-refund-job.ts";
import { receiveProviderRefund } from "../../domain/orders/refunds/receive-provider-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { createMember, entriesOf, insertPaidOrder, memberState, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { paidThroughTestProvider } from "../setup/refund-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`refunds through the payment provider (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  beforeAll(async () => {
    database = await openTestDatabase();
    provider = createTestPaymentProvider({ db: database.db, webhookSecret: "whsec_test", jobs: recordingJobs().jobs });
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer, payments: PaymentProvider = provider, jobs = recordingJobs()) =>
    testContext(database.db, { viewer, ports: { payments, jobs: jobs.jobs } });
  const system = (payments: PaymentProvider = provider) => as({ kind: "system", job: "complete-refund" }, payments);
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const refundsOf = (orderId: string) => database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const refundEmails = (orderId: string) =>
    queryRows<{ refund_id: string }>(
      database.db,
      sql`select refund_id from email_outbox where order_id = ${orderId} and kind = 'order-refund'`,
    );
  const providerRefunds = (sessionId: string) =>
    queryRows<{ amount_cents: number }>(
      database.db,
      sql`select amount_cents from test_payment_refunds where session_id = ${sessionId}`,
    );

  /** A member's order paid through the test provider: S$100 of goods and S$4.90 shipping, 100 points earned. */
  async function paidOrder(): Promise<{ order: OrderRow; memberId: string }> {
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 10_000, shippingCents: 490, memberId: member.id });
    await paidThroughTestProvider(database.db, order);
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    return { order, memberId: member.id };
  }

  it("refunds an amount through the provider, reverses points in proportion, emails the shopper and records who did it", async () => {
    const { order, memberId } = await paidOrder();
    const result = await refundOrderPayment(as(staffWith("refunds")), {
      orderId: order.id,
      what: { kind: "amount", amountCents: 5_245 },
      reason: "One box arrived crushed",
      confirmedCents: 5_245,
      refundId: randomUUID(),
    });
    expect(result).toMatchObject({ status: "succeeded", amountCents: 5_245 });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 5_245 });
    expect(await providerRefunds(order.checkoutSessionId)).toEqual([{ amount_cents: 5_245 }]);
    expect(await entriesOf(database.db, memberId, "refund")).toEqual([
      expect.objectContaining({ transactionType: "debit", points: 50 }),
    ]);
    expect((await memberState(database.db, memberId)).points).toBe(100);
    expect(await refundEmails(order.id)).toEqual([{ refund_id: result.refundId }]);
    const [audit] = await queryRows<{ action: string; after: { amountCents: number } }>(
      database.db,
      sql`select action, after from audit_log where target = ${order.invoiceId}`,
    );
    expect(audit).toMatchObject({ action: "order.refund", after: { amountCents: 5_245, reason: "One box arrived crushed" } });
  });

  it("refunds chosen lines at what the shopper paid for them", async () => {
    const { order } = await paidOrder();
    await database.db.execute(sql`update order_lines set quantity = 3, unit_price_cents = 3334 where order_id = ${order.id}`);
    const result = await refundOrderPayment(as(staffWith("refunds")), {
      orderId: order.id,
      what: { kind: "lines", lines: [{ position: 0, quantity: 1 }] },
      reason: "Returned one box",
      confirmedCents: 3_333,
      refundId: randomUUID(),
    });
    expect(result.amountCents).toBe(3_333);
    await expect(
      refundOrderPayment(as(staffWith("refunds")), {
        orderId: order.id,
        what: { kind: "lines", lines: [{ position: 0, quantity: 4 }] },
        reason: "Too many",
        confirmedCents: 13_332,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("never refunds more than was paid when two staff refund at the same moment", async () => {
    const { order } = await paidOrder();
    const attempt = () =>
      refundOrderPayment(as(staffWith("refunds")), {
        orderId: order.id,
        what: { kind: "amount", amountCents: 6_000 },
        reason: "Late delivery",
        confirmedCents: 6_000,
        refundId: randomUUID(),
      });
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "BAD_USER_INPUT", message: "Only S$44.90 of this order is left to refund." },
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 6_000 });
    expect(await providerRefunds(order.checkoutSessionId)).toEqual([{ amount_cents: 6_000 }]);
  });

  it("leaves a refund the provider did not confirm pending, and its job completes it once", async () => {
    const { order, memberId } = await paidOrder();
    const down: PaymentProvider = {
      ...provider,
      refund: async () => {
        throw new Error("connect ECONNREFUSED api.stripe.com");
      },
    };
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_: object, message: string) => void warnings.push(message), error: () => {} };
    const staffWhileDown = testContext(database.db, {
      viewer: staffWith("refunds"),
      ports: { payments: down, jobs: recordingJobs().jobs },
      log,
    });
    const result = await refundOrderPayment(staffWhileDown, {
      orderId: order.id,
      what: { kind: "rest" },
      reason: "Never arrived",
      confirmedCents: order.priceCents,
      refundId: randomUUID(),
    });
    expect(warnings).toEqual(["refund left pending for its job"]);
    expect(result.status).toBe("pending");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 0 });
    // While it is pending, nothing more can be refunded.
    await expect(
      refundOrderPayment(as(staffWith("refunds")), {
        orderId: order.id,
        what: { kind: "rest" },
        reason: "Again",
        confirmedCents: 1,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    await expect(finishPendingRefund(system(down), { refundId: result.refundId })).rejects.toThrow("ECONNREFUSED");
    expect(await finishPendingRefund(system(), { refundId: result.refundId })).toEqual({ status: "succeeded" });
    expect(await finishPendingRefund(system(), { refundId: result.refundId })).toEqual({ status: "succeeded" });
    await receiveProviderRefund(system(), {
      providerRefundId: "re_whatever",
      paymentIntentId: "pi_1",
      amountCents: order.priceCents,
      succeeded: true,
      shopRefundId: result.refundId,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: order.priceCents });
    expect(await providerRefunds(order.checkoutSessionId)).toEqual([{ amount_cents: order.priceCents }]);
    expect(await entriesOf(database.db, memberId, "refund")).toHaveLength(1);
    expect(await refundEmails(order.id)).toHaveLength(1);
  });

  it("takes a refund made in the provider's dashboard once, however often its webhook comes", async () => {
    const { order, memberId } = await paidOrder();
    const dashboard: PaymentProvider = {
      ...provider,
      sessionOfPayment: async (paymentIntentId) => (paymentIntentId === "pi_dashboard" ? order.checkoutSessionId : null),
    };
    const notice = {
      providerRefundId: `re_${randomUUID()}`,
      paymentIntentId: "pi_dashboard",
      amountCents: 2_000,
      succeeded: true,
      shopRefundId: null,
    };
    await Promise.all([receiveProviderRefund(system(dashboard), notice), receiveProviderRefund(system(dashboard), notice)]);
    await receiveProviderRefund(system(dashboard), notice);
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 2_000 });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ source: "provider", status: "succeeded", amountCents: 2_000 }),
    ]);
    expect(await entriesOf(database.db, memberId, "refund")).toEqual([expect.objectContaining({ points: 19 })]);
    expect(await refundEmails(order.id)).toHaveLength(1);
  });

  it("cancels an order not yet shipped by refunding all of it, and refuses once it has shipped", async () => {
    const { order } = await paidOrder();
    const cancelled = await refundOrderPayment(as(staffWith("refunds")), {
      orderId: order.id,
      what: { kind: "rest" },
      reason: "Customer changed their mind",
      cancel: true,
      confirmedCents: order.priceCents,
      refundId: randomUUID(),
    });
    expect(cancelled).toMatchObject({ status: "succeeded", amountCents: order.priceCents });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundedCents: order.priceCents });

    const { order: shipped } = await paidOrder();
    await database.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, shipped.id));
    await expect(
      refundOrderPayment(as(staffWith("refunds")), {
        orderId: shipped.id,
        what: { kind: "rest" },
        reason: "x",
        cancel: true,
        confirmedCents: shipped.priceCents,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses guests, members, staff without the refunds permission and bad input, changing nothing", async () => {
    const { order, memberId } = await paidOrder();
    const input = {
      orderId: order.id,
      what: { kind: "rest" as const },
      reason: "Goodwill",
      confirmedCents: order.priceCents,
      refundId: randomUUID(),
    };
    for (const viewer of [guest(), memberViewer(memberId), staffWith("orders", "points")]) {
      await expect(refundOrderPayment(as(viewer), input)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    for (const amountCents of [0, -1, 1.5, Number.NaN, 10_491]) {
      await expect(
        refundOrderPayment(as(staffWith("refunds")), { ...input, what: { kind: "amount", amountCents } }),
      ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    }
    await expect(refundOrderPayment(as(staffWith("refunds")), { ...input, reason: " " })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(refundOrderPayment(as(staffWith("refunds")), { ...input, orderId: randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 0 });
    expect(await refundsOf(order.id)).toEqual([]);
  });
});
