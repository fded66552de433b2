import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, purchaseOptions } from "../../db/schema/catalog.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getDashboard } from "../../domain/dashboard/get-dashboard.ts";
import { getSalesReport } from "../../domain/reports/get-sales-report.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { completedRefund, type FixtureLine, orderWithLines } from "../setup/report-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// 10:00 in Singapore on 20 March 2026.
const NOW = new Date("2026-03-20T02:00:00Z");

describe(`the sales report and the dashboard's orders (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let first: {
    productId: string;
    productName: string;
    seriesCode: string;
    line: (quantity: number, unitPriceCents: number, discountCents?: number) => FixtureLine;
  };
  let second: typeof first;

  const optionOf = async (notSeries?: string) => {
    const [row] = await database.db
      .select({
        optionId: purchaseOptions.optionId,
        productId: products.id,
        productName: products.name,
        seriesCode: products.seriesCode,
      })
      .from(purchaseOptions)
      .innerJoin(products, eq(products.id, purchaseOptions.productId))
      .where(notSeries ? ne(products.seriesCode, notSeries) : undefined)
      .limit(1);
    if (!row) throw new Error("the seeded catalogue has no option");
    return {
      ...row,
      line: (quantity: number, unitPriceCents: number, discountCents = 0) => ({
        optionId: row.optionId,
        productName: row.productName,
        quantity,
        unitPriceCents,
        discountCents,
      }),
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    first = await optionOf();
    second = await optionOf(first.seriesCode);
    const db = database.db;
    // 19 March: 2 × S$12.90 less S$2.58 and 1 × S$39.00 less S$3.90, S$4.90 shipping; one box of the first refunded.
    const discounted = await orderWithLines(db, {
      lines: [first.line(2, 1_290, 258), second.line(1, 3_900, 390)],
      shippingCents: 490,
      paidAt: new Date("2026-03-19T04:00:00Z"),
      status: "shipped",
    });
    await completedRefund(db, discounted, 1_161, [{ position: 0, quantity: 1 }]);
    // 20 March, just after midnight in Singapore: S$2.00 given back as an amount, not as boxes.
    const early = await orderWithLines(db, {
      lines: [first.line(1, 1_290)],
      shippingCents: 0,
      paidAt: new Date("2026-03-19T16:30:00Z"),
    });
    await completedRefund(db, early, 200, []);
    // 20 March: cancelled before shipping, so never a sale.
    const cancelled = await orderWithLines(db, {
      lines: [second.line(1, 3_900)],
      shippingCents: 0,
      paidAt: new Date("2026-03-20T01:00:00Z"),
      status: "cancelled",
    });
    await completedRefund(db, cancelled, 3_900, [{ position: 0, quantity: 1 }]);
    // 10 March: outside the range.
    await orderWithLines(db, { lines: [first.line(1, 1_290)], shippingCents: 490, paidAt: new Date("2026-03-10T04:00:00Z") });
  });
  afterAll(() => database.close());

  const staff = (registered = true) => {
    const ctx = testContext(database.db, { viewer: staffWith("orders"), now: () => NOW });
    return registered
      ? {
          ...ctx,
          settings: {
            ...ctx.settings,
            supplier: { name: "Nectar Lab", address: "1 Raffles Place", gstRegistrationNumber: "M90312345A" },
          },
        }
      : ctx;
  };

  it("adds up each Singapore day's orders, units, money and GST, leaving out cancelled orders", async () => {
    const report = await getSalesReport(staff(), { from: "2026-03-19", to: "2026-03-20" });
    expect(report.days).toEqual([
      {
        day: "2026-03-19",
        orders: 1,
        units: 3,
        grossCents: 6_480,
        discountCents: 648,
        shippingCents: 490,
        refundCents: 1_161,
        netCents: 5_161,
        gstCents: 426,
      },
      {
        day: "2026-03-20",
        orders: 1,
        units: 1,
        grossCents: 1_290,
        discountCents: 0,
        shippingCents: 0,
        refundCents: 200,
        netCents: 1_090,
        gstCents: 90,
      },
    ]);
    expect(report.totals).toMatchObject({
      orders: 2,
      units: 4,
      grossCents: 7_770,
      refundCents: 1_361,
      netCents: 6_251,
      gstCents: 516,
    });
  });

  it("adds up each product and series, a line's refund being the boxes refunds credit at what was paid for them", async () => {
    const report = await getSalesReport(staff(), { from: "2026-03-19", to: "2026-03-20" });
    const firstFigures = {
      orders: 2,
      units: 3,
      grossCents: 3_870,
      discountCents: 258,
      refundCents: 1_161,
      netCents: 2_451,
      gstCents: 96 + 107,
    };
    const secondFigures = {
      orders: 1,
      units: 1,
      grossCents: 3_900,
      discountCents: 390,
      refundCents: 0,
      netCents: 3_510,
      gstCents: 290,
    };
    expect(report.products).toEqual([
      { key: second.productId, name: second.productName, series: expect.any(String), ...secondFigures },
      { key: first.productId, name: first.productName, series: expect.any(String), ...firstFigures },
    ]);
    expect(report.series.map(({ key, name: _name, series: _series, ...figures }) => ({ key, ...figures }))).toEqual([
      { key: second.seriesCode, ...secondFigures },
      { key: first.seriesCode, ...firstFigures },
    ]);
  });

  it("states no GST when the shop is not GST-registered, and refuses a range that ends before it starts", async () => {
    const report = await getSalesReport(staff(false), { from: "2026-03-19", to: "2026-03-19" });
    expect(report.totals).toMatchObject({ netCents: 5_161, gstCents: null });
    await expect(getSalesReport(staff(), { from: "2026-03-20", to: "2026-03-19" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(getSalesReport(testContext(database.db, { viewer: staffWith("catalog") }), {})).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(getSalesReport(testContext(database.db, { viewer: memberViewer("m-1") }), {})).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("leaves cancelled orders out of the dashboard's order count and average order", async () => {
    const [today] = (await getDashboard(staff(), {})).periods;
    expect(today).toMatchObject({ key: "today", orders: 1, salesCents: 1_090, averageOrderCents: 1_090 });
  });
});
