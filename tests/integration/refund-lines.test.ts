import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { refundLines, refunds } from "../../db/schema/refunds.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { getStaffCreditNotePdf } from "../../domain/orders/refunds/order-refunds.ts";
import { previewRefund } from "../../domain/orders/refunds/preview-refund.ts";
import { receiveProviderRefund } from "../../domain/orders/refunds/receive-provider-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import type { RefundRequest } from "../../domain/orders/refunds/refund-plan.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { createMember, entriesOf, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { shownText } from "../setup/pdf-text.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { twoLineOrder } from "../setup/refund-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const BOX = "Joffee · Hazelnut · 1 box";

describe(`refunds by line never pass what was bought (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  /** Every refund the payment provider was asked for, by amount. */
  let asked: number[];
  beforeAll(async () => {
    database = await openTestDatabase();
    const real = createTestPaymentProvider({ db: database.db, webhookSecret: "whsec_test", jobs: recordingJobs().jobs });
    provider = {
      ...real,
      refund: (request) => {
        asked.push(request.amountCents);
        return real.refund(request);
      },
    };
  });
  afterAll(() => database.close());

  const staff = (payments = provider) =>
    testContext(database.db, { viewer: staffWith("refunds", "orders"), ports: { payments, jobs: recordingJobs().jobs } });
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const refundRows = (orderId: string) => database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const providerRefunds = (sessionId: string) =>
    queryRows<{ amount_cents: number }>(
      database.db,
      sql`select amount_cents from test_payment_refunds where session_id = ${sessionId}`,
    );
  const creditedLines = (refundId: string) =>
    database.db
      .select({ position: refundLines.position, quantity: refundLines.quantity })
      .from(refundLines)
      .where(eq(refundLines.refundId, refundId))
      .orderBy(asc(refundLines.position));

  /**
   * A member's order paid through the test provider: 2 × S$12.90 Joffee (line 0) and 1 × S$39.00
   * V5 Vitality (line 1), S$4.90 shipping, S$69.70 in all; 64 points earned.
   */
  async function memberOrder(): Promise<{ order: OrderRow; memberId: string }> {
    const member = await createMember(database.db);
    const order = await twoLineOrder(database.db, member.id);
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    asked = [];
    return { order, memberId: member.id };
  }

  const boxes = (orderId: string, quantity: number, confirmedCents: number) =>
    refundOrderPayment(staff(), {
      orderId,
      what: { kind: "lines", lines: [{ position: 0, quantity }] },
      reason: "Returned",
      confirmedCents,
      refundId: randomUUID(),
    });

  it("refunds each box of a line once: a box already refunded is refused with the reason, changing nothing", async () => {
    const { order } = await memberOrder();
    const first = await boxes(order.id, 1, 1_290);
    expect(await creditedLines(first.refundId)).toEqual([{ position: 0, quantity: 1 }]);
    await expect(boxes(order.id, 2, 2_580)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: `Only 1 more of ${BOX} can be refunded (2 bought, 1 refunded).`,
    });
    await boxes(order.id, 1, 1_290);
    await expect(boxes(order.id, 1, 1_290)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: `${BOX} is already refunded in full (2 bought).`,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 2_580 });
    expect(asked).toEqual([1_290, 1_290]);
    expect(await refundRows(order.id)).toHaveLength(2);
  });

  it("shares a line's paid total among its boxes so that refunding them one by one gives back exactly the line", async () => {
    const { order } = await memberOrder();
    await database.db.update(orderLines).set({ quantity: 3, lineTotalCents: 2_000 }).where(eq(orderLines.orderId, order.id));
    const amounts = [];
    for (let box = 0; box < 3; box += 1) {
      const plan = await previewRefund(staff(), {
        orderId: order.id,
        what: { kind: "lines", lines: [{ position: 0, quantity: 1 }] },
        reason: "x",
      });
      amounts.push((await boxes(order.id, 1, plan.amountCents)).amountCents);
    }
    expect(amounts).toEqual([667, 666, 667]);
  });

  it("lets exactly one of two staff refunding the last box at the same moment through: one provider refund, one points reversal", async () => {
    const { order, memberId } = await memberOrder();
    await boxes(order.id, 1, 1_290);
    asked = [];
    const results = await Promise.allSettled([boxes(order.id, 1, 1_290), boxes(order.id, 1, 1_290)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "BAD_USER_INPUT", message: `${BOX} is already refunded in full (2 bought).` },
    });
    expect(asked).toEqual([1_290]);
    expect(await entriesOf(database.db, memberId, "refund")).toHaveLength(2);
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 2_580 });
  });

  it("refunds once when the same confirmation is sent twice at the same moment", async () => {
    const { order, memberId } = await memberOrder();
    const confirmation = {
      orderId: order.id,
      what: { kind: "amount" as const, amountCents: 1_000 },
      reason: "Late delivery",
      confirmedCents: 1_000,
      refundId: randomUUID(),
    };
    const [first, second] = await Promise.all([
      refundOrderPayment(staff(), confirmation),
      refundOrderPayment(staff(), confirmation),
    ]);
    expect(second).toEqual(first);
    // Each request may ask the provider, with the refund's id as idempotency key: it refunds once.
    expect(await providerRefunds(order.checkoutSessionId)).toEqual([{ amount_cents: 1_000 }]);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await entriesOf(database.db, memberId, "refund")).toHaveLength(1);
    await expect(refundOrderPayment(staff(), { ...confirmation, confirmedCents: 2_000 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This confirmation was already used for another refund.",
    });
  });

  it("counts lines already refunded in whole-order and amount refunds: never more than was paid in total", async () => {
    const { order } = await memberOrder();
    await boxes(order.id, 2, 2_580);
    const rest = { orderId: order.id, reason: "Whole order back" };
    await expect(
      refundOrderPayment(staff(), {
        ...rest,
        what: { kind: "amount", amountCents: 4_391 },
        confirmedCents: 4_391,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "Only S$43.90 of this order is left to refund." });
    expect(await previewRefund(staff(), { ...rest, what: { kind: "rest" } })).toMatchObject({
      amountCents: 4_390,
      lines: [{ position: 1, quantity: 1, description: "V5 Vitality · 8-serving box" }],
    });
    const all = await refundOrderPayment(staff(), {
      ...rest,
      what: { kind: "rest" },
      confirmedCents: 4_390,
      refundId: randomUUID(),
    });
    expect(await creditedLines(all.refundId)).toEqual([{ position: 1, quantity: 1 }]);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: order.priceCents });
    expect(asked.reduce((sum, cents) => sum + cents, 0)).toBe(order.priceCents);
    await expect(boxes(order.id, 1, 1_290)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses a refund that now comes to another amount than the one confirmed, changing nothing", async () => {
    const { order } = await memberOrder();
    const request: RefundRequest = {
      orderId: order.id,
      what: { kind: "rest" },
      reason: "Never arrived",
      cancel: true,
      restock: false,
    };
    expect((await previewRefund(staff(), request)).amountCents).toBe(6_970);
    await boxes(order.id, 1, 1_290);
    await expect(
      refundOrderPayment(staff(), { ...request, confirmedCents: 6_970, refundId: randomUUID() }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "This refund now comes to S$56.80, not the S$69.70 confirmed: the order changed meanwhile. Check it and confirm again.",
    });
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 1_290 });
    await expect(previewRefund(testContext(database.db, { viewer: staffWith("orders") }), request)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("keeps the lines consistent with refunds made in the provider's dashboard", async () => {
    const { order } = await memberOrder();
    const dashboard: PaymentProvider = { ...provider, sessionOfPayment: async () => order.checkoutSessionId };
    const system = testContext(database.db, {
      viewer: { kind: "system", job: "payment-webhook" },
      ports: { payments: dashboard, jobs: recordingJobs().jobs },
    });
    const notice = (amountCents: number) => ({
      providerRefundId: `re_${randomUUID()}`,
      paymentIntentId: "pi_dashboard",
      amountCents,
      succeeded: true,
      shopRefundId: null,
    });
    // An amount names no lines, but what is left of the money still caps a line refund.
    await receiveProviderRefund(system, notice(4_000));
    await expect(
      refundOrderPayment(staff(), {
        orderId: order.id,
        what: { kind: "lines", lines: [{ position: 1, quantity: 1 }] },
        reason: "x",
        confirmedCents: 3_900,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "Only S$29.70 of this order is left to refund." });
    await boxes(order.id, 1, 1_290);
    // All the rest in the dashboard: every box still open is credited by it.
    await receiveProviderRefund(system, notice(1_680));
    const [last] = (await refundRows(order.id)).filter((refund) => refund.amountCents === 1_680);
    expect(await creditedLines(last?.id ?? "")).toEqual([
      { position: 0, quantity: 1 },
      { position: 1, quantity: 1 },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: order.priceCents });
  });

  it("names the lines and quantities a refund credits on its credit note, for staff who look after orders", async () => {
    const { order } = await memberOrder();
    const lines = await boxes(order.id, 2, 2_580);
    const amount = await refundOrderPayment(staff(), {
      orderId: order.id,
      what: { kind: "amount", amountCents: 500 },
      reason: "Goodwill",
      confirmedCents: 500,
      refundId: randomUUID(),
    });
    const { creditNoteId, pdf } = await getStaffCreditNotePdf(staff(), { orderId: order.id, refundId: lines.refundId });
    expect(creditNoteId).toBe(`${order.invoiceId}-CN1`);
    const text = shownText(pdf).split("\n");
    expect(text.slice(text.indexOf("Items credited"), text.indexOf("Amount credited"))).toEqual([
      "Items credited",
      "Qty",
      BOX,
      "2",
    ]);
    expect(text).toContain("S$25.80");
    const amountText = shownText((await getStaffCreditNotePdf(staff(), { orderId: order.id, refundId: amount.refundId })).pdf);
    expect(amountText).toContain("No items: an amount of the invoice");
    await expect(
      getStaffCreditNotePdf(testContext(database.db, { viewer: staffWith("refunds") }), {
        orderId: order.id,
        refundId: lines.refundId,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const other = await memberOrder();
    await expect(getStaffCreditNotePdf(staff(), { orderId: other.order.id, refundId: lines.refundId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
