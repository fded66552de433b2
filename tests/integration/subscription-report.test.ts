import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getSubscriptionReport } from "../../domain/reports/subscription-report.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { insertRenewal, insertSubscription } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// 10:00 in Singapore on 20 March 2026: the forecast covers 20 March to 18 April.
const NOW = new Date("2026-03-20T02:00:00Z");

describe(`the subscription report and the units subscriptions will take (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let single: { optionId: string; skuId: string };
  let bundle: { optionId: string; skus: { skuId: string; qty: number }[] };

  const as = (...permissions: Parameters<typeof staffWith>) =>
    testContext(database.db, { viewer: staffWith(...permissions), now: () => NOW });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    const db = database.db;
    const lines = await db.select().from(optionSkus);
    const byOption = Map.groupBy(lines, (line) => line.optionId);
    const [singleId, singleLines] = [...byOption].find(([, rows]) => rows.length === 1 && rows[0]?.qty === 1) ?? [];
    const [bundleId, bundleLines] = [...byOption].find(([, rows]) => rows.some((row) => row.qty > 1)) ?? [];
    if (!singleId || !singleLines?.[0] || !bundleId || !bundleLines)
      throw new Error("the seeded catalogue lacks a box and a bundle");
    single = { optionId: singleId, skuId: singleLines[0].skuId };
    bundle = { optionId: bundleId, skus: bundleLines };
    const member = await createMember(db);
    const first = await insertPaidOrder(db, { subtotalCents: 3_900, memberId: member.id });
    const base = { memberId: member.id, firstOrderId: first.id, createdAt: new Date("2026-03-01T04:00:00Z") };
    // Every 2 weeks from 23 March: 23 March and 6 April in the window (20 April is not), 3 boxes each.
    await insertSubscription(db, {
      ...base,
      optionId: single.optionId,
      nextRenewalOn: "2026-03-23",
      cadenceWeeks: 2,
      quantity: 3,
      createdAt: new Date("2026-03-19T04:00:00Z"),
    });
    // Every 4 weeks from 18 April, the window's last day: once.
    await insertSubscription(db, { ...base, optionId: single.optionId, nextRenewalOn: "2026-04-18", cadenceWeeks: 4 });
    // From 19 April: after the window.
    await insertSubscription(db, { ...base, optionId: single.optionId, nextRenewalOn: "2026-04-19", cadenceWeeks: 1 });
    // Due yesterday and every week after: 19, 26 March, 2, 9, 16 April.
    await insertSubscription(db, { ...base, optionId: bundle.optionId, nextRenewalOn: "2026-03-19", cadenceWeeks: 1 });
    // Paused and cancelled ones take nothing.
    await insertSubscription(db, { ...base, optionId: single.optionId, nextRenewalOn: "2026-03-25", status: "paused" });
    const cancelled = { ...base, optionId: single.optionId, nextRenewalOn: "2026-03-25", status: "cancelled" as const };
    await insertSubscription(db, { ...cancelled, cancelledAt: new Date("2026-03-19T05:00:00Z"), cancelReason: "Too much" });
    await insertSubscription(db, { ...cancelled, cancelledAt: new Date("2026-03-20T01:00:00Z"), cancelReason: "Too much" });
    await insertSubscription(db, { ...cancelled, cancelledAt: new Date("2026-03-20T01:30:00Z") });
    // Two renewal orders on 19 March (one refunded S$5.00) and an order that is not a renewal.
    const subscription = await insertSubscription(db, { ...base, optionId: single.optionId, nextRenewalOn: "2026-05-01" });
    await db
      .update(orders)
      .set({ paidAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(orders.id, first.id));
    for (const [dueOn, cents, refunded] of [
      ["2026-03-05", 3_315, 500],
      ["2026-03-12", 3_315, 0],
    ] as const) {
      const order = await insertPaidOrder(db, { subtotalCents: cents, paidAt: new Date("2026-03-19T03:00:00Z") });
      await db.update(orders).set({ refundedCents: refunded }).where(eq(orders.id, order.id));
      await insertRenewal(db, { subscriptionId: subscription.id, dueOn, outcome: "paid", orderId: order.id });
    }
    await insertPaidOrder(db, { subtotalCents: 9_900, paidAt: new Date("2026-03-19T03:00:00Z") });
  });
  afterAll(() => database.close());

  it("forecasts each SKU's units from active subscriptions' next dates and cadences over the next 30 days", async () => {
    const { unitsDue } = await getSubscriptionReport(as("subscriptions"), {});
    expect(unitsDue).toMatchObject({ from: "2026-03-20", to: "2026-04-18" });
    const expected = new Map<string, number>([[single.skuId, 2 * 3 + 1]]);
    for (const line of bundle.skus) expected.set(line.skuId, (expected.get(line.skuId) ?? 0) + 5 * line.qty);
    expect(new Map(unitsDue.skus.map((row) => [row.skuId, row.units]))).toEqual(expected);
  });

  it("adds up renewal revenue, subscriptions started and cancelled with their reasons, by day", async () => {
    const report = await getSubscriptionReport(as("orders"), { from: "2026-03-19", to: "2026-03-20" });
    expect(report.days).toEqual([
      { day: "2026-03-19", renewalOrders: 2, renewalRevenueCents: 6_130, started: 1, cancelled: 1 },
      { day: "2026-03-20", renewalOrders: 0, renewalRevenueCents: 0, started: 0, cancelled: 2 },
    ]);
    expect(report.totals).toMatchObject({ renewalOrders: 2, renewalRevenueCents: 6_130, started: 1, cancelled: 3 });
    expect(report.cancelReasons).toEqual([
      { reason: "Too much", count: 2 },
      { reason: "", count: 1 },
    ]);
    expect(report.byStatus).toEqual({ active: 5, paused: 1, payment_failed: 0, cancelled: 3 });
    expect(report.activeSubscribers).toBe(1);
  });

  it("refuses staff who see neither orders nor subscriptions, and a reversed range", async () => {
    await expect(getSubscriptionReport(as("catalog"), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getSubscriptionReport(as("orders"), { from: "2026-03-20", to: "2026-03-19" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });
});
