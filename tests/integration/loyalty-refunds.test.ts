import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { getGoldProgress } from "../../domain/loyalty/tiers/get-gold-progress.ts";
import { applyOrderRefund } from "../../domain/orders/refunds/apply-order-refund.ts";
import { checkLedgerAfterEach, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asMember, createMember, entriesOf, insertPaidOrder, memberState, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { noJobQueue } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`refunds (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  checkLedgerAfterEach(() => database.db);
  afterAll(() => database.close());

  /** A member with an order credited to them (goods = subtotal, no discount). */
  async function memberWithOrder(subtotalCents: number, shippingCents = 0) {
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents, shippingCents, memberId: member.id });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId: member.id, order, creditPoints: true }),
    );
    return { member, order };
  }

  /** Records a refund as the payment path does once the provider confirms it; the rest of the price when no amount is given. */
  const refund = (orderId: string, amountCents?: number) =>
    database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw new Error(`no order ${orderId}`);
      const rest = order.priceCents - order.refundedCents;
      return applyOrderRefund(tx, noJobQueue, order, {
        refundId: randomUUID(),
        amountCents: amountCents ?? rest,
        at: new Date(),
        cancelsOrder: false,
      });
    });
  const orderRow = async (id: string): Promise<OrderRow | undefined> =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0];

  it("reverses all the points and spend of a fully refunded order, once", async () => {
    const { member, order } = await memberWithOrder(10_000, 490);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 150, totalSpentCents: 10_000, purchaseCount: 1 });
    expect(await refund(order.id)).toMatchObject({
      status: "refunded",
      refundedCents: 10_490,
      amountCents: 10_490,
      memberId: member.id,
      pointsReversed: 100,
      shortfall: 0,
    });
    expect(await entriesOf(database.db, member.id, "refund")).toEqual([
      {
        activityType: "refund",
        transactionType: "debit",
        points: 100,
        spentCents: 10_000,
        meta: { orderId: order.id, invoiceId: order.invoiceId, refundedCents: 10_490, totalRefundedCents: 10_490 },
      },
    ]);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 50, totalSpentCents: 0, purchaseCount: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: 10_490 });

    await expect(refund(order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(refund(order.id, 100)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await entriesOf(database.db, member.id, "refund")).toHaveLength(1);
  });

  it("never reverses more than was earned over partial refunds, whatever the rounding", async () => {
    const { member, order } = await memberWithOrder(10_000);
    expect(await refund(order.id, 3_333)).toMatchObject({ status: "paid", refundedCents: 3_333, pointsReversed: 33 });
    expect(await refund(order.id, 3_333)).toMatchObject({ status: "paid", refundedCents: 6_666, pointsReversed: 33 });
    await expect(refund(order.id, 3_335)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: /S\$33\.34/ });
    expect(await refund(order.id, 3_334)).toMatchObject({ status: "refunded", refundedCents: 10_000, pointsReversed: 34 });
    const reversals = await entriesOf(database.db, member.id, "refund");
    expect(reversals.reduce((sum, entry) => sum + entry.points, 0)).toBe(100);
    expect(reversals.reduce((sum, entry) => sum + entry.spentCents, 0)).toBe(10_000);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 50, totalSpentCents: 0, purchaseCount: 0 });
  });

  it("reverses exactly what was earned when partial refunds arrive at once", async () => {
    const { member, order } = await memberWithOrder(9_999);
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => refund(order.id, 1_500)));
    // Six fit in S$99.99; the seventh finds only S$9.99 left.
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(6);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(await refund(order.id)).toMatchObject({ status: "refunded", refundedCents: 9_999 });
    const reversals = await entriesOf(database.db, member.id, "refund");
    expect(reversals.reduce((sum, entry) => sum + entry.points, 0)).toBe(99);
    expect((await memberState(database.db, member.id)).points).toBe(50);
    await expectLedgerInvariant(database.db);
  });

  it("debits only what the balance still holds when the points were spent, and records the shortfall", async () => {
    const { member, order } = await memberWithOrder(10_000);
    await database.db.transaction((tx) =>
      recordPointEntry(tx, noJobQueue, {
        memberId: member.id,
        email: member.email,
        kind: "redeem",
        transactionType: "debit",
        programmeVersion: 1,
        points: 120,
        at: new Date(),
      }),
    );
    expect(await refund(order.id, 5_000)).toMatchObject({ pointsReversed: 30, shortfall: 20 });
    expect((await memberState(database.db, member.id)).points).toBe(0);
    // The written-off 20 count as reversed: the rest of the refund takes the other half only.
    await database.db.transaction((tx) =>
      recordPointEntry(tx, noJobQueue, {
        memberId: member.id,
        email: member.email,
        kind: "manual-credit",
        transactionType: "credit",
        programmeVersion: 1,
        points: 80,
        idempotencyKey: `manual-credit:test:${member.id}`,
        at: new Date(),
      }),
    );
    expect(await refund(order.id)).toMatchObject({ pointsReversed: 50, shortfall: 0 });
    expect((await memberState(database.db, member.id)).points).toBe(30);
    const [first] = await entriesOf(database.db, member.id, "refund");
    expect(first?.meta).toMatchObject({ shortfall: 20 });
  });

  it("gives back the points of the rewards that went out with a fully refunded order, once", async () => {
    const { member, order } = await memberWithOrder(6_000);
    const redeemId = randomUUID();
    await database.db.transaction(async (tx) => {
      await recordPointEntry(tx, noJobQueue, {
        memberId: member.id,
        email: member.email,
        kind: "redeem",
        transactionType: "debit",
        programmeVersion: 1,
        points: 100,
        idempotencyKey: `redeem:${redeemId}:0`,
        at: new Date(),
      });
      const [entry] = await tx
        .select({ id: pointTransactions.id })
        .from(pointTransactions)
        .where(eq(pointTransactions.idempotencyKey, `redeem:${redeemId}:0`));
      await tx.insert(redeems).values({
        id: redeemId,
        memberId: member.id,
        pointTransactionId: entry?.id ?? "",
        status: "Ordered",
        rewardId: "test-pouch",
        pointsEach: 50,
        optionId: "op-pmbas6-6pu",
        quantity: 2,
        orderId: order.id,
      });
    });
    expect((await memberState(database.db, member.id)).points).toBe(10);

    expect(await refund(order.id, 1_000)).toMatchObject({ redeemsReturned: 0, pointsReversed: 10 });
    expect(await refund(order.id)).toMatchObject({
      redeemsReturned: 1,
      redeemPointsReturned: 100,
      pointsReversed: 50,
      shortfall: 0,
    });
    const [redeem] = await database.db.select().from(redeems).where(eq(redeems.id, redeemId));
    expect(redeem?.status).toBe("Cancelled");
    expect((await entriesOf(database.db, member.id, "refund")).filter((entry) => entry.transactionType === "credit")).toEqual([
      expect.objectContaining({ points: 100, meta: expect.objectContaining({ redeemId, orderId: order.id }) }),
    ]);
    expect((await memberState(database.db, member.id)).points).toBe(50);
    await expect(refund(order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await memberState(database.db, member.id)).points).toBe(50);
  });

  it("takes gold back when the spend that earned it is refunded below S$300", async () => {
    const { member, order } = await memberWithOrder(30_000);
    expect((await memberState(database.db, member.id)).membershipStatus).toBe("gold");
    await refund(order.id, 5_000);
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
    expect(await getGoldProgress(asMember(database.db, member.id), { memberId: member.id })).toMatchObject({
      goal: "promotion",
      spentCents: 25_000,
    });
  });

  it("refunds a guest's order without touching any points", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 4_000, shippingCents: 490 });
    expect(await refund(order.id)).toMatchObject({ status: "refunded", memberId: null, pointsReversed: 0 });
  });

  it("refuses unpaid orders and more than is left", async () => {
    const { order } = await memberWithOrder(2_000);
    await expect(refund(order.id, 2_001)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: /S\$20\.00/ });
    await database.db.update(orders).set({ status: "pending_payment" }).where(eq(orders.id, order.id));
    await expect(refund(order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 0 });
  });
});
