import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { orders } from "../../db/schema/orders.ts";
import { refunds } from "../../db/schema/refunds.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { finishPendingRefund } from "../../domain/orders/refunds/complete-refund-job.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import { shipOrder } from "../../domain/orders/staff/ship-order.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { shipOrders } from "../../domain/shipping/ship-orders.ts";
import { listShippingQueue } from "../../domain/shipping/shipping-queue.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const OPTION = "op-m8_ll-1b";
const STAFF = staffWith("orders", "refunds");
const SYSTEM: Viewer = { kind: "system", job: "complete-refund" };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe(`an order is never both cancelled and shipped (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let address = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  /** The test provider as it is, or one whose refunds fail as an unreachable Stripe's do. */
  const providerDown = (): PaymentProvider => ({
    ...recording.payments,
    refund: async () => {
      throw new Error("connect ECONNREFUSED api.stripe.com");
    },
  });
  const as = (viewer: Viewer, payments: PaymentProvider = recording.payments) =>
    testContext(database.db, { viewer, ports: { ...checkoutPorts(recording), payments }, log: quiet });

  async function skuOnHand(): Promise<number> {
    const [row] = await database.db
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .innerJoin(optionSkus, eq(optionSkus.skuId, stockLevels.skuId))
      .where(eq(optionSkus.optionId, OPTION));
    return row?.onHand ?? Number.NaN;
  }

  /** A guest's order of two boxes, paid through the test provider: its stock is taken. */
  async function paidOrder() {
    const bagToken = await bagWith(database.db, [[OPTION, 2]]);
    const { sessionId } = await startCheckout(as(holderOf(bagToken)), {
      ...SHIPPING,
      clientAddress: `198.51.100.${++address % 250}:${address}`,
    });
    expect(await recording.payments.pay(sessionId, "4242424242424242")).toMatchObject({ ok: true });
    const { order } = await completeCheckout(as(guest()), { sessionId });
    if (!order) throw new Error("no order");
    return order;
  }

  const cancel = (order: { id: string; priceCents: number }, payments?: PaymentProvider) =>
    refundOrderPayment(as(STAFF, payments), {
      orderId: order.id,
      what: { kind: "rest" },
      reason: "Customer changed their mind",
      cancel: true,
      confirmedCents: order.priceCents,
      refundId: randomUUID(),
    });
  const ship = (order: { id: string }) =>
    shipOrder(as(STAFF), { orderId: order.id, carrier: "singpost", trackingNumber: `SG${randomUUID().slice(0, 8)}` });
  const orderRow = async (id: string) => {
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error("no order row");
    return row;
  };
  const shippingEmails = async (orderId: string) =>
    (
      await database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, "order-shipped")))
    ).length;

  it("keeps an order whose cancel waits for the provider out of shipping, then cancels it with its boxes back", async () => {
    const order = await paidOrder();
    const onHand = await skuOnHand();
    const pending = await cancel(order, providerDown());
    expect(pending.status).toBe("pending");
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelling", refundedCents: 0 });

    await expect(ship(order)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This order is being cancelled, so it cannot be marked shipped.",
    });
    const desk = await shipOrders(as(STAFF), {
      rows: [{ order: order.invoiceId, carrier: "singpost", trackingNumber: "SG12345678" }],
    });
    expect(desk.results).toEqual([
      expect.objectContaining({ ok: false, message: "This order is being cancelled, so it cannot be marked shipped." }),
    ]);
    const queue = await listShippingQueue(as(STAFF), {});
    expect(queue.orders.map((each) => each.id)).not.toContain(order.id);
    expect(queue.cancelling).toContainEqual({ id: order.id, invoiceId: order.invoiceId });
    await expect(
      refundOrderPayment(as(STAFF), {
        orderId: order.id,
        what: { kind: "amount", amountCents: 100 },
        reason: "Goodwill",
        confirmedCents: 100,
        refundId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("being cancelled") });

    expect(await finishPendingRefund(as(SYSTEM), { refundId: pending.refundId })).toEqual({ status: "succeeded" });
    const done = await orderRow(order.id);
    expect(done).toMatchObject({ status: "cancelled", refundedCents: order.priceCents, shippedAt: null });
    expect(await skuOnHand()).toBe(onHand + 2);
    expect(await shippingEmails(order.id)).toBe(0);
    await expect(ship(order)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("lets one of a cancel and a ship sent at the same moment win, for every order", async () => {
    const placed = await Promise.all(Array.from({ length: 5 }, () => paidOrder()));
    const onHandBefore = await skuOnHand();
    const outcomes = await Promise.all(placed.map((order) => Promise.allSettled([cancel(order), ship(order)])));
    let returned = 0;
    for (const [index, [cancelled, shipped]] of outcomes.entries()) {
      const order = placed[index];
      if (!order) throw new Error("no order");
      expect([cancelled.status, shipped.status].sort()).toEqual(["fulfilled", "rejected"]);
      const row = await orderRow(order.id);
      if (cancelled.status === "fulfilled") {
        expect(row).toMatchObject({ status: "cancelled", shippedAt: null, refundedCents: order.priceCents });
        expect(await shippingEmails(order.id)).toBe(0);
        returned += 2;
      } else {
        expect(cancelled.reason).toMatchObject({ code: "CONFLICT" });
        expect(row).toMatchObject({ status: "shipped", refundedCents: 0 });
        expect(row.shippedAt).not.toBeNull();
        expect(await shippingEmails(order.id)).toBe(1);
        expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
      }
    }
    expect(await skuOnHand()).toBe(onHandBefore + returned);
  });

  it("gives back money only when a cancel's refund completes on an order that shipped meanwhile", async () => {
    const order = await paidOrder();
    const pending = await cancel(order, providerDown());
    // An order left `paid` by a cancel asked for before cancelling was a state, then shipped.
    await database.db.execute(sql`update orders set status = 'paid' where id = ${order.id}`);
    await ship(order);
    const onHand = await skuOnHand();

    expect(await finishPendingRefund(as(SYSTEM), { refundId: pending.refundId })).toEqual({ status: "succeeded" });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "refunded", refundedCents: order.priceCents });
    expect(row.shippedAt).not.toBeNull();
    expect(await skuOnHand()).toBe(onHand);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.id, pending.refundId));
    expect(refund).toMatchObject({ status: "succeeded", cancelsOrder: false, restock: false });
  });
});
