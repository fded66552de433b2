import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getDashboard } from "../../domain/dashboard/get-dashboard.ts";
import { guest } from "../../domain/shared/context.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// 10:00 in Singapore on 20 March 2026.
const NOW = new Date("2026-03-20T02:00:00Z");

describe(`the back office's dashboard (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
  });
  afterAll(() => database.close());

  it("adds up sales less refunds, orders, members and points by Singapore day, with the programme's liability", async () => {
    // Today, just after midnight in Singapore (still 19 March in UTC), and later today.
    const early = await insertPaidOrder(database.db, { subtotalCents: 10_000, paidAt: new Date("2026-03-19T16:30:00Z") });
    await insertPaidOrder(database.db, { subtotalCents: 5_000, paidAt: new Date("2026-03-20T01:00:00Z") });
    await database.db.update(orders).set({ refundedCents: 2_000 }).where(eq(orders.id, early.id));
    // 23:30 in Singapore yesterday, and ten days ago.
    await insertPaidOrder(database.db, { subtotalCents: 3_000, paidAt: new Date("2026-03-19T15:30:00Z") });
    await insertPaidOrder(database.db, { subtotalCents: 7_000, paidAt: new Date("2026-03-10T04:00:00Z") });
    const first = await createMember(database.db);
    await createMember(database.db);
    await database.db.update(members).set({ membershipStatus: "gold" }).where(eq(members.id, first.id));

    const ctx = testContext(database.db, { viewer: staffWith("orders"), now: () => NOW });
    const dashboard = await getDashboard(ctx, {});
    const [today, week, month] = dashboard.periods;
    expect(today).toMatchObject({ key: "today", salesCents: 13_000, orders: 2, averageOrderCents: 6_500 });
    expect(week).toMatchObject({ key: "7d", salesCents: 16_000, orders: 3 });
    expect(month).toMatchObject({ key: "30d", salesCents: 23_000, orders: 4 });
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days.at(-1)).toEqual({ day: "2026-03-20", salesCents: 13_000, orders: 2 });
    expect(dashboard.days.at(-2)).toEqual({ day: "2026-03-19", salesCents: 3_000, orders: 1 });
    expect(dashboard.tiers).toEqual({ green: 1, gold: 1 });
    expect(dashboard.outstandingPoints).toBe(100);
    // The best value for points among the seeded rewards: an 8-serving box (S$39) for 950 points.
    expect(dashboard.pointValueCents).toBeCloseTo(3_900 / 950, 9);
    expect(dashboard.liabilityCents).toBe(411);
    expect(dashboard.programme).toMatchObject({ version: 1, terms: { goldThresholdCents: 30_000, goldPointsMultiplier: 1.5 } });
  });

  it("is for staff who see orders or members only", async () => {
    for (const viewer of [guest(), memberViewer("m-1"), staffWith("catalog", "promotions")]) {
      await expect(getDashboard(testContext(database.db, { viewer }), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(getDashboard(testContext(database.db, { viewer: staffWith("points") }), {})).resolves.toBeDefined();
  });
});
