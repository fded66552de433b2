import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "../../db/schema/orders.ts";
import { seedPromotionCodes } from "../../db/seed/promotions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { carryBagOver } from "../../domain/bag/carry-bag-over.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { creditOrderToMember, type OrderCredit } from "../../domain/loyalty/order-points/order-points.ts";
import { orderPoints } from "../../domain/loyalty/points/order-earn.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { bagWith, checkoutPorts, holderOf } from "../setup/checkout-fixtures.ts";
import { checkLedgerAfterEach, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { createMember, entriesOf, insertPaidOrder, memberState, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { V1_RULES } from "../setup/programme-fixtures.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const SHIPPING = { name: "Tan Mei Ling", mobile: "9123 4567", address: "Blk 123 Tampines St 11, #04-56", postalCode: "521123" };

describe(`order points (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let payments: RecordingPayments["payments"];
  let lastEvent: RecordingPayments["lastEvent"];
  /** The shop as this viewer (by default the webhook's: a guest without a bag). */
  const shopAs = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedPromotionCodes(database.db);
    recording = recordingTestPayments(database.db);
    ({ payments, lastEvent } = recording);
  });
  checkLedgerAfterEach(() => database.db);
  afterAll(() => database.close());

  /** A bag bought and paid for; a member's bag when memberId is given (as sign-in carries it over). */
  async function paidCheckout(input: { memberId?: string; email: string; lines: [string, number][]; code?: string }) {
    const bagToken = await bagWith(database.db, input.lines);
    if (input.memberId) await carryBagOver(database.db, { bagToken, memberId: input.memberId });
    if (input.code) await applyPromotionToBag(shopAs(holderOf(bagToken)), { code: input.code });
    const started = await startCheckout(shopAs(holderOf(bagToken)), {
      ...SHIPPING,
      email: input.email,
      baseUrl: "http://shop.test",
      clientAddress: "203.0.113.10",
    });
    expect(await payments.pay(started.sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    return { sessionId: started.sessionId, event: await lastEvent() };
  }

  async function orderOfSession(sessionId: string): Promise<OrderRow> {
    const [order] = await database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    if (!order) throw new Error("no order");
    return order;
  }

  const credit = (memberId: string, order: OrderRow, creditPoints = true, at?: Date): Promise<OrderCredit> =>
    database.db.transaction((tx) => creditOrderToMember(tx, recordingJobs().jobs, { memberId, order, creditPoints, at }));

  it("links a signed-in member's paid bag at fulfilment and credits one order entry, whatever arrives ten times", async () => {
    const member = await createMember(database.db);
    const { sessionId, event } = await paidCheckout({
      memberId: member.id,
      email: "points@example.com",
      lines: [["op-m8_ba-1b", 1]],
      code: "WELCOME10",
    });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => handlePaymentEvent(shopAs(), event)),
      ...Array.from({ length: 3 }, () => fulfilCheckout(shopAs(), { sessionId })),
    ]);
    expect(results.filter((result) => result?.created)).toHaveLength(1);

    const order = await orderOfSession(sessionId);
    // The S$39.00 box, 10% off with WELCOME10 (S$35.10 of goods: 35 points), is under the free-shipping threshold.
    expect(order).toMatchObject({ subtotalCents: 3_900, discountCents: 390, shippingCents: 490 });
    expect(order).toMatchObject({ memberId: member.id, linkedAt: order.paidAt });
    const [customer] = await database.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer?.memberId).toBe(member.id);

    const entries = await entriesOf(database.db, member.id, "order");
    expect(entries).toEqual([
      {
        activityType: "order",
        transactionType: "credit",
        points: 35,
        spentCents: 3_510,
        meta: { orderId: order.id, invoiceId: order.invoiceId },
      },
    ]);
    expect(await memberState(database.db, member.id)).toMatchObject({
      points: 50 + 35,
      totalSpentCents: 3_510,
      purchaseCount: 1,
      membershipStatus: "green",
    });
    await expectLedgerInvariant(database.db);
  });

  it("leaves a guest's order unlinked and credits nothing", async () => {
    const { sessionId } = await paidCheckout({ email: "guest@example.com", lines: [["op-m8_ba-2b", 1]] });
    await fulfilCheckout(shopAs(), { sessionId });
    const order = await orderOfSession(sessionId);
    expect(order).toMatchObject({ memberId: null, linkedAt: null });
  });

  it("counts 1 point per whole S$1 of goods, 1.5 times (rounded down) for gold", () => {
    expect(orderPoints(V1_RULES, 6890, "green")).toBe(68);
    expect(orderPoints(V1_RULES, 6890, "gold")).toBe(102);
    expect(orderPoints(V1_RULES, 99, "green")).toBe(0);
    expect(orderPoints(V1_RULES, 100, "gold")).toBe(1);
    expect(orderPoints(V1_RULES, 300, "gold")).toBe(4);
    expect(orderPoints(V1_RULES, -5, "green")).toBe(0);
  });

  it("promotes at S$300 of spend since joining; the order that promotes earns at the green rate, later ones 1.5x", async () => {
    const member = await createMember(database.db, new Date("2026-01-01T00:00:00Z"));
    const first = await insertPaidOrder(database.db, { subtotalCents: 20_000, discountCents: 1_000, shippingCents: 490 });
    expect(await credit(member.id, first, true, new Date("2026-02-01T00:00:00Z"))).toEqual({
      credited: true,
      points: 190,
      spentCents: 19_000,
      programmeVersion: 1,
    });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });

    const promoting = await insertPaidOrder(database.db, { subtotalCents: 11_000 });
    const promotedAt = new Date("2026-03-01T00:00:00Z");
    expect((await credit(member.id, promoting, true, promotedAt)).points).toBe(110);
    expect(await memberState(database.db, member.id)).toMatchObject({
      membershipStatus: "gold",
      goldStartAt: promotedAt,
      totalSpentCents: 30_000,
      purchaseCount: 2,
    });

    const asGold = await insertPaidOrder(database.db, { subtotalCents: 6_890 });
    expect((await credit(member.id, asGold, true, new Date("2026-03-02T00:00:00Z"))).points).toBe(102);
    expect((await memberState(database.db, member.id)).points).toBe(50 + 190 + 110 + 102);
  });

  it("records an old order with 0 points: history, spend and purchase count only", async () => {
    const member = await createMember(database.db);
    const old = await insertPaidOrder(database.db, { subtotalCents: 31_000 });
    expect(await credit(member.id, old, false)).toEqual({ credited: true, points: 0, spentCents: 31_000, programmeVersion: 1 });
    expect(await entriesOf(database.db, member.id, "order")).toEqual([
      expect.objectContaining({
        points: 0,
        spentCents: 31_000,
        meta: { orderId: old.id, invoiceId: old.invoiceId, earnsPoints: false },
      }),
    ]);
    // Its spend counts towards gold like any other.
    expect(await memberState(database.db, member.id)).toMatchObject({
      points: 50,
      totalSpentCents: 31_000,
      purchaseCount: 1,
      membershipStatus: "gold",
    });
  });

  it("credits an order once, whoever asks again", async () => {
    const member = await createMember(database.db);
    const other = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 5_000 });
    expect((await credit(member.id, order)).credited).toBe(true);
    expect(await credit(member.id, order)).toEqual({ credited: false, points: 0, spentCents: 0, programmeVersion: 1 });
    expect((await credit(other.id, order)).credited).toBe(false);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 100, totalSpentCents: 5_000, purchaseCount: 1 });
    expect(await memberState(database.db, other.id)).toMatchObject({ points: 50, totalSpentCents: 0, purchaseCount: 0 });
  });

  it("keeps totals and the promotion right when one member's orders are credited at once", async () => {
    const member = await createMember(database.db);
    const batch = await Promise.all(Array.from({ length: 8 }, () => insertPaidOrder(database.db, { subtotalCents: 5_000 })));
    const results = await Promise.all(batch.flatMap((order) => [credit(member.id, order), credit(member.id, order)]));
    expect(results.filter((result) => result.credited)).toHaveLength(8);
    const state = await memberState(database.db, member.id);
    expect(state).toMatchObject({ totalSpentCents: 40_000, purchaseCount: 8, membershipStatus: "gold" });
    // Six orders at 50 reach S$300 (the sixth promotes), the last two earn 75 each.
    expect(state.points).toBe(50 + 6 * 50 + 2 * 75);
    await expectLedgerInvariant(database.db);
  });
});
