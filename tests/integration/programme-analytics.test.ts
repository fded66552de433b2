import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { getProgrammeAnalytics } from "../../domain/dashboard/get-programme-analytics.ts";
import type { Viewer } from "../../domain/shared/context.ts";
import { guest } from "../../domain/shared/context.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// 10:00 in Singapore on 20 March 2026.
const NOW = new Date("2026-03-20T02:00:00Z");
const JOINED = new Date("2026-01-05T02:00:00Z");
const RANGE = { from: "2026-03-01", to: "2026-03-20" };

async function ledgerEntry(
  db: Database,
  member: { id: string; email: string },
  entry: { kind: string; way: "credit" | "debit"; points: number; at: string },
) {
  await db.insert(pointTransactions).values({
    id: randomUUID(),
    memberId: member.id,
    email: member.email,
    activityType: entry.kind,
    transactionType: entry.way,
    points: entry.points,
    programmeVersion: 1,
    transactionAt: new Date(entry.at),
  });
}

async function guestOrder(db: Database, email: string, subtotalCents: number, paidAt: string) {
  const order = await insertPaidOrder(db, { subtotalCents, paidAt: new Date(paidAt) });
  await db.update(orders).set({ email }).where(eq(orders.id, order.id));
  return order;
}

describe(`programme analytics for chosen days (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const analytics = (input: Record<string, unknown>, viewer: Viewer = staffWith("orders")) =>
    getProgrammeAnalytics(testContext(database.db, { viewer, now: () => NOW }), input);

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    // Members joined (and got their sign-up points) before the range.
    const once = await createMember(db, JOINED);
    const twice = await createMember(db, JOINED);
    // The first instant of 1 March in Singapore, and the last minute of 20 March.
    await insertPaidOrder(db, { memberId: once.id, subtotalCents: 10_000, paidAt: new Date("2026-02-28T16:00:00Z") });
    await insertPaidOrder(db, { memberId: twice.id, subtotalCents: 5_000, paidAt: new Date("2026-03-05T04:00:00Z") });
    await insertPaidOrder(db, { memberId: twice.id, subtotalCents: 7_000, paidAt: new Date("2026-03-20T15:59:00Z") });
    // Outside the range: 23:59 on 28 February and midnight starting 21 March, in Singapore.
    await insertPaidOrder(db, { memberId: once.id, subtotalCents: 9_900, paidAt: new Date("2026-02-28T15:59:00Z") });
    await guestOrder(db, "solo@example.com", 9_900, "2026-03-20T16:00:00Z");
    await guestOrder(db, "solo@example.com", 3_000, "2026-03-10T04:00:00Z");
    // One guest, three orders under one email however it was typed, one of them partly refunded.
    await guestOrder(db, "regular@example.com", 2_000, "2026-03-02T04:00:00Z");
    await guestOrder(db, "Regular@Example.com", 4_000, "2026-03-08T04:00:00Z");
    const refunded = await guestOrder(db, "regular@example.com", 6_000, "2026-03-15T04:00:00Z");
    await db.update(orders).set({ refundedCents: 1_000 }).where(eq(orders.id, refunded.id));
    // A checkout not yet paid is not an order.
    const unpaid = await guestOrder(db, "unpaid@example.com", 5_000, "2026-03-12T04:00:00Z");
    await db.update(orders).set({ status: "pending_payment" }).where(eq(orders.id, unpaid.id));

    await ledgerEntry(db, twice, { kind: "order", way: "credit", points: 390, at: "2026-03-05T04:00:00Z" });
    await ledgerEntry(db, twice, { kind: "redeem", way: "debit", points: 100, at: "2026-03-06T04:00:00Z" });
    await ledgerEntry(db, once, { kind: "expired", way: "debit", points: 30, at: "2026-03-07T04:00:00Z" });
    await ledgerEntry(db, once, { kind: "expiry-reversal", way: "credit", points: 10, at: "2026-03-08T04:00:00Z" });
    await ledgerEntry(db, twice, { kind: "redeem", way: "debit", points: 500, at: "2026-02-28T15:59:00Z" });
    await ledgerEntry(db, once, { kind: "expired", way: "debit", points: 40, at: "2026-03-20T16:00:00Z" });
  });
  afterAll(() => database.close());

  it("sets members' repeat purchases and average order against guests', with redemption and expiry, over whole Singapore days", async () => {
    const figures = await analytics(RANGE);
    expect(figures).toMatchObject(RANGE);
    expect(figures.members).toEqual({
      customers: 2,
      orders: 3,
      repeatCustomers: 1,
      repeatRate: 0.5,
      salesCents: 22_000,
      averageOrderCents: 7_333,
    });
    expect(figures.guests).toEqual({
      customers: 2,
      orders: 4,
      repeatCustomers: 1,
      repeatRate: 0.5,
      salesCents: 14_000,
      averageOrderCents: 3_500,
    });
    // Issued counts every credit, the restored expiry's too: 390 + 10.
    expect(figures).toMatchObject({ pointsIssued: 400, pointsRedeemed: 100, redemptionRate: 0.25, pointsExpired: 20 });
  });

  it("covers the last 30 days, today included, when no range is chosen", async () => {
    const figures = await analytics({ from: "", to: "" });
    expect(figures).toMatchObject({ from: "2026-02-19", to: "2026-03-20" });
    expect(figures.members).toMatchObject({ customers: 2, orders: 4, repeatCustomers: 2 });
  });

  it("says so when nobody ordered or no points were issued, rather than dividing by nothing", async () => {
    const figures = await analytics({ from: "2025-06-01", to: "2025-06-30" });
    expect(figures.guests).toEqual({
      customers: 0,
      orders: 0,
      repeatCustomers: 0,
      repeatRate: null,
      salesCents: 0,
      averageOrderCents: null,
    });
    expect(figures).toMatchObject({ pointsIssued: 0, redemptionRate: null, pointsExpired: 0 });
  });

  it("refuses a range that is not real days, runs backwards or is longer than 366 days", async () => {
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ from: "2026-02-30", to: "2026-03-20" }, /from: is not a real date/],
      [{ from: "01/03/2026" }, /from: must be a date/],
      [{ from: "2026-03-20", to: "2026-03-19" }, /^The range must not end before the day it starts\.$/],
      [{ from: "2025-03-19", to: "2026-03-20" }, /^The range may cover at most 366 days\.$/],
    ];
    for (const [input, message] of refusals) {
      await expect(analytics(input)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(message) });
    }
    await expect(analytics({ from: "2025-03-20", to: "2026-03-20" })).resolves.toMatchObject({ from: "2025-03-20" });
  });

  it("is for staff who see orders or members only", async () => {
    for (const viewer of [guest(), memberViewer("m-1"), staffWith("catalog")]) {
      await expect(analytics(RANGE, viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
