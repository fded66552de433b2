import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { createMember, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { completedRefund, orderWithLines } from "../setup/report-fixtures.ts";
import { newPerson, openBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** A CSV of plain cells (no commas or quotes inside them) as rows of cells, header first. */
const cellsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n")
    .map((line) => line.split(","));

describe("the back office's reports over HTTP", () => {
  let shop: TestServer;
  let order: OrderRow;
  beforeAll(async () => {
    shop = await startTestServer({
      SUPPLIER_NAME: "Nectar Lab Pte. Ltd.",
      SUPPLIER_ADDRESS: "1 Raffles Place",
      GST_REGISTRATION_NUMBER: "M90312345A",
    });
    const db = shop.server.database.db;
    // Paid 20 March 2026, 12:00 in Singapore: 2 × S$12.90 less S$2.58, 1 × S$39.00 less S$3.90, S$4.90 shipping.
    order = await orderWithLines(db, {
      lines: [
        { optionId: "op-joffee", productName: "Joffee", quantity: 2, unitPriceCents: 1_290, discountCents: 258 },
        { optionId: "op-v5", productName: "V5 Vitality", quantity: 1, unitPriceCents: 3_900, discountCents: 390 },
      ],
      shippingCents: 490,
      paidAt: new Date("2026-03-20T04:00:00Z"),
      status: "shipped",
    });
    // One Joffee box refunded (S$11.61, what was paid for it).
    await completedRefund(db, order, 1_161, [{ position: 0, quantity: 1 }]);
    const member = await createMember(db);
    const [spent] = await db
      .insert(pointTransactions)
      .values({
        id: randomUUID(),
        memberId: member.id,
        email: member.email,
        activityType: "redeem",
        transactionType: "debit",
        points: 950,
        programmeVersion: 1,
      })
      .returning();
    await db.insert(redeems).values({
      id: randomUUID(),
      memberId: member.id,
      pointTransactionId: spent?.id ?? "",
      status: "Ordered",
      rewardId: "free-box",
      pointsEach: 950,
      optionId: "op-reward-box",
      quantity: 1,
      orderId: order.id,
    });
    await db.update(orders).set({ memberId: member.id }).where(eq(orders.id, order.id));
  });
  afterAll(() => shop.close());

  it("exports an order as a row per line, its figures once, with GST, refunds and rewards, and a readable phone", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const csv = await owner.get(`/admin/orders.csv?query=${order.invoiceId}`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = cellsOf(await csv.text());
    const record = (row: string[] | undefined) => Object.fromEntries((header ?? []).map((name, index) => [name, row?.[index]]));
    expect(rows).toHaveLength(3);
    expect(record(rows[0])).toMatchObject({
      invoice: order.invoiceId,
      "paid (Singapore time)": "2026-03-20 12:00",
      "paid by": "Card",
      delivery: "",
      "promised from": order.deliveryStart,
      "promised to": order.deliveryEnd,
      status: "shipped",
      mobile: "9123 4567",
      line: "product",
      product: "Joffee",
      quantity: "2",
      "unit price SGD": "12.90",
      "line discount SGD": "2.58",
      "line total SGD": "23.22",
      // 9% GST is 9/109 of a GST-inclusive price.
      "line GST SGD": "1.92",
      "refunded quantity": "1",
      "order shipping SGD": "4.90",
      "order total SGD": "63.22",
      "order GST SGD": "5.22",
      "order refunded SGD": "11.61",
      "refund GST SGD": "0.96",
    });
    expect(record(rows[1])).toMatchObject({
      product: "V5 Vitality",
      "line total SGD": "35.10",
      "line GST SGD": "2.90",
      "refunded quantity": "0",
      "order shipping SGD": "",
      "order total SGD": "",
    });
    expect(record(rows[2])).toMatchObject({
      line: "reward",
      product: "op-reward-box",
      "unit price SGD": "0.00",
      "reward points": "950",
    });
  });

  it("shows the sales report for chosen days to staff who see orders, with its CSV, and refuses a bad range plainly, as the orders list, its CSV and the shipping desk do", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const page = await owner.get("/admin/reports?from=2026-03-20&to=2026-03-20");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sales by day");
    // Gross S$64.80 − S$6.48 + S$4.90 shipping − S$11.61 refunded.
    expect(html).toContain("S$51.61");
    const csv = await owner.get("/admin/reports.csv?from=2026-03-20&to=2026-03-20");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="sales-2026-03-20-to-2026-03-20.csv"');
    const rows = cellsOf(await csv.text());
    expect(rows).toContainEqual(["day", "2026-03-20", "", "1", "3", "64.80", "6.48", "4.90", "11.61", "51.61", "4.26"]);
    expect(rows.find((row) => row[0] === "product" && row[1] === "Joffee")).toEqual([
      "product",
      "Joffee",
      "Not in the catalogue",
      "1",
      "2",
      "25.80",
      "2.58",
      "",
      "11.61",
      "11.61",
      "0.96",
    ]);
    // An order from before delivery options and payment methods were recorded: shown as such.
    expect(rows).toContainEqual(["delivery option", "Before delivery options", "", "1", "", "", "", "4.90", "", "51.61", ""]);
    expect(rows).toContainEqual(["payment method", "Card", "", "1", "", "", "", "", "11.61", "51.61", ""]);
    // Days typed the wrong way round are refused, not answered with an empty export.
    for (const path of ["/admin/reports", "/admin/orders.csv", "/admin/orders", "/admin/shipping"]) {
      const bad = await owner.get(`${path}?from=2026-03-21&to=2026-03-20`);
      expect(bad.status, path).toBe(400);
      expect(await bad.text()).toContain("The range must not end before the day it starts.");
    }
    for (const path of ["/admin/reports", "/admin/reports.csv"]) expect((await openBrowser(shop).get(path)).status).toBe(404);
    const member = openBrowser(shop);
    await member.signIn(newPerson("google", "Ong Bee Hoon"));
    expect((await member.get("/admin/reports")).status).toBe(404);
  });
});
