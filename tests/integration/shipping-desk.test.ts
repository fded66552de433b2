import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { loadOrder } from "../../domain/orders/order-view.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { addOrderNote, orderNotesAndTags, tagOrder, untagOrder } from "../../domain/shipping/order-notes.ts";
import { getPackingSlipsPdf } from "../../domain/shipping/packing-slips.ts";
import { shipOrders } from "../../domain/shipping/ship-orders.ts";
import { listShippingQueue, type ShippingFilterInput } from "../../domain/shipping/shipping-queue.ts";
import { createMember, insertPaidOrder, type OrderRow } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { shownText } from "../setup/pdf-text.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { completedRefund, orderWithLines } from "../setup/report-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`the shipping desk (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer = staffWith("orders")) =>
    testContext(database.db, { viewer, ports: { jobs: recordingJobs().jobs } });
  const emailsOf = (orderId: string) =>
    queryRows<{ kind: string }>(database.db, sql`select kind from email_outbox where order_id = ${orderId} order by kind`);
  const memberEmailsAbout = (orderId: string) =>
    queryRows<{ kind: string }>(database.db, sql`select kind from email_outbox where subject_key = ${orderId}`);
  const auditOf = (invoiceId: string) =>
    queryRows<{ action: string; actor_email: string }>(
      database.db,
      sql`select action, actor_email from audit_log where target = ${invoiceId} order by created_at, id`,
    );
  const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
  const row = (order: OrderRow, trackingNumber: string, carrier = "ninjavan") => ({
    order: order.invoiceId,
    carrier,
    trackingNumber,
  });

  /** A member's paid order carrying a reward redeemed with points. */
  async function orderWithReward(paidAt?: Date): Promise<OrderRow> {
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id, paidAt });
    const entry = randomUUID();
    await database.db.insert(pointTransactions).values({
      id: entry,
      memberId: member.id,
      email: member.email,
      activityType: "redeem",
      transactionType: "debit",
      points: 40,
      programmeVersion: 1,
    });
    await database.db.insert(redeems).values({
      id: randomUUID(),
      memberId: member.id,
      pointTransactionId: entry,
      status: "Ordered",
      rewardId: "test-reward",
      pointsEach: 40,
      optionId: "op-m8_ba-1b",
      quantity: 2,
      orderId: order.id,
    });
    return order;
  }

  it("ships the good rows of a batch, reports each bad one in its own words, and emails each shopper once", async () => {
    const [first, second, rewarded] = [
      await insertPaidOrder(database.db, { subtotalCents: 3_900 }),
      await insertPaidOrder(database.db, { subtotalCents: 3_900 }),
      await orderWithReward(),
    ];
    const refunded = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    await database.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, refunded.id));
    const badTracking = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const noTracking = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const { results, shipped } = await shipOrders(as(), {
      rows: [
        row(first, "NV-0001"),
        row(second, "SP-0002", "singpost"),
        row(rewarded, "JT-0003", "jt"),
        row(refunded, "NV-0004"),
        row(badTracking, "no spaces allowed"),
        row(noTracking, "  "),
        { order: "Y-NOPE", carrier: "dhl", trackingNumber: "DHL-0005" },
        row(first, "NV-0006"),
        { ...row(badTracking, "FX-0007"), carrier: "fedex" },
        { order: " ", carrier: "dhl", trackingNumber: "DHL-0008" },
        { order: "Y\u0000'; --", carrier: "dhl", trackingNumber: "DHL-0009" },
      ],
    });
    expect(shipped).toBe(3);
    expect(results.map((result) => [result.order, result.ok, result.message])).toEqual([
      [first.invoiceId, true, "Shipped; the shopper's shipping email is on its way."],
      [second.invoiceId, true, "Shipped; the shopper's shipping email is on its way."],
      [rewarded.invoiceId, true, "Shipped; the shopper's shipping email is on its way."],
      [refunded.invoiceId, false, "This order is refunded, so it cannot be marked shipped."],
      [badTracking.invoiceId, false, "Tracking number must be 4 to 40 letters, digits or dashes."],
      [noTracking.invoiceId, false, "Tracking number is required."],
      ["Y-NOPE", false, "There is no order Y-NOPE."],
      [first.invoiceId, false, "This order is listed more than once; only its first row is shipped."],
      [badTracking.invoiceId, false, "This order is listed more than once; only its first row is shipped."],
      ["", false, "The order number is missing."],
      ["Y\u0000'; --", false, "This cannot be an order number: those are at most 40 letters, digits, dashes or underscores."],
    ]);
    expect(await database.db.select().from(orders).where(eq(orders.id, second.id))).toMatchObject([
      { status: "shipped", carrier: "singpost", trackingNumber: "SP-0002" },
    ]);
    for (const order of [first, second, rewarded]) {
      expect(await emailsOf(order.id)).toEqual([{ kind: "order-shipped" }]);
      expect(await auditOf(order.invoiceId)).toEqual([{ action: "order.ship", actor_email: staffWith("orders").email }]);
    }
    expect(await memberEmailsAbout(rewarded.id)).toEqual([{ kind: "reward-shipped" }]);
    expect(await statusOf(refunded.id)).toBe("refunded");
    expect(await statusOf(badTracking.id)).toBe("paid");
    expect(await emailsOf(badTracking.id)).toEqual([]);
  });

  it("reports a row with an over-long order number, carrier or tracking number and ships the rows beside it", async () => {
    const good = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const longTracking = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const longCarrier = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const { results, shipped } = await shipOrders(as(), {
      rows: [
        { line: 2, order: "Y".repeat(5_000), carrier: "dhl", trackingNumber: "DHL-0010" },
        { line: 3, ...row(longTracking, "T".repeat(5_000)) },
        { line: 4, ...row(longCarrier, "NV-0011"), carrier: "c".repeat(5_000) },
        { line: 5, ...row(good, "NV-0012") },
      ],
    });
    expect(shipped).toBe(1);
    expect(results.map((result) => [result.line, result.order, result.ok, result.message])).toEqual([
      [
        2,
        `${"Y".repeat(40)}…`,
        false,
        "This cannot be an order number: those are at most 40 letters, digits, dashes or underscores.",
      ],
      [3, longTracking.invoiceId, false, "Tracking number must be 4 to 40 letters, digits or dashes."],
      [4, longCarrier.invoiceId, false, "Carrier is not a carrier we ship with."],
      [5, good.invoiceId, true, "Shipped; the shopper's shipping email is on its way."],
    ]);
    expect([await statusOf(good.id), await statusOf(longTracking.id), await statusOf(longCarrier.id)]).toEqual([
      "shipped",
      "paid",
      "paid",
    ]);
  });

  it("ships nothing twice when the same batch is sent again", async () => {
    const batch = [await insertPaidOrder(database.db, { subtotalCents: 3_900 }), await orderWithReward()];
    const rows = batch.map((order, index) => row(order, `TWICE-${index}`));
    expect((await shipOrders(as(), { rows })).shipped).toBe(2);
    const again = await shipOrders(as(), { rows });
    expect(again.shipped).toBe(0);
    expect(again.results.map((result) => result.message)).toEqual([
      "This order is shipped, so it cannot be marked shipped.",
      "This order is shipped, so it cannot be marked shipped.",
    ]);
    for (const order of batch) expect(await emailsOf(order.id)).toEqual([{ kind: "order-shipped" }]);
    expect(await memberEmailsAbout(batch[1]?.id ?? "")).toEqual([{ kind: "reward-shipped" }]);
  });

  it("ships each order once when two staff ship overlapping batches at the same moment", async () => {
    const batch = [
      await insertPaidOrder(database.db, { subtotalCents: 3_900 }),
      await insertPaidOrder(database.db, { subtotalCents: 3_900 }),
      await orderWithReward(),
    ];
    const [one, two] = await Promise.all([
      shipOrders(as(), { rows: batch.map((order) => row(order, "ONE-1111")) }),
      shipOrders(as(), { rows: [...batch].reverse().map((order) => row(order, "TWO-2222", "dhl")) }),
    ]);
    expect(one.shipped + two.shipped).toBe(3);
    for (const order of batch) {
      expect([...one.results, ...two.results].filter((result) => result.orderId === order.id && result.ok)).toHaveLength(1);
      expect(await emailsOf(order.id)).toEqual([{ kind: "order-shipped" }]);
      expect((await auditOf(order.invoiceId)).filter((entry) => entry.action === "order.ship")).toHaveLength(1);
    }
    expect(await memberEmailsAbout(batch[2]?.id ?? "")).toEqual([{ kind: "reward-shipped" }]);
  });

  it("lists paid orders waiting to ship, oldest first, filtered by paid day, area, product, series, tag and reward", async () => {
    const day = (iso: string) => new Date(`${iso}T02:00:00Z`);
    const older = await insertPaidOrder(database.db, { subtotalCents: 3_900, paidAt: day("2025-01-03") });
    const oldest = await orderWithReward(day("2025-01-02"));
    const newer = await insertPaidOrder(database.db, {
      subtotalCents: 3_900,
      paidAt: day("2025-01-04"),
      optionId: "op-m8_ba-1b",
    });
    await database.db.update(orderLines).set({ productName: "Joffee Hazelnut" }).where(eq(orderLines.orderId, newer.id));
    await database.db.execute(
      sql`update checkout_sessions set shipping = jsonb_set(shipping, '{postalCode}', '"049315"') where id = ${newer.checkoutSessionId}`,
    );
    // A later checkout with the same email moves the customer record; the parcel still goes where this order was paid for.
    await database.db.execute(
      sql`update customers set address = '9 Elsewhere Lane', postal_code = '049999' where id = ${older.customerId}`,
    );
    const gone = await insertPaidOrder(database.db, { subtotalCents: 3_900, paidAt: day("2025-01-01") });
    await shipOrders(as(), { rows: [row(gone, "GONE-1234")] });
    await tagOrder(as(), { orderId: older.id, tag: "  Call   First " });

    const invoices = async (filters: ShippingFilterInput) =>
      (await listShippingQueue(as(), { from: "2025-01-01", to: "2025-01-04", ...filters })).orders.map(
        (order) => order.invoiceId,
      );
    expect(await invoices({})).toEqual([oldest.invoiceId, older.invoiceId, newer.invoiceId]);
    expect(await invoices({ from: "2025-01-03" })).toEqual([older.invoiceId, newer.invoiceId]);
    expect(await invoices({ area: "04" })).toEqual([newer.invoiceId]);
    expect(await invoices({ product: "hazel" })).toEqual([newer.invoiceId]);
    expect(await invoices({ series: "m" })).toEqual([newer.invoiceId]);
    expect(await invoices({ tag: "call first" })).toEqual([older.invoiceId]);
    expect(await invoices({ reward: "yes" })).toEqual([oldest.invoiceId]);
    expect(await invoices({ reward: "no" })).toEqual([older.invoiceId, newer.invoiceId]);
    const [first] = (await listShippingQueue(as(), { from: "2025-01-02", to: "2025-01-02" })).orders;
    const [olderRow] = (await listShippingQueue(as(), { from: "2025-01-03", to: "2025-01-03" })).orders;
    expect(olderRow).toMatchObject({ address: "1 Orchard Road", postalCode: "238801" });
    // The order's own page and invoice read the same address.
    expect((await loadOrder(database.db, eq(orders.id, older.id)))?.customer).toMatchObject({
      address: "1 Orchard Road",
      postalCode: "238801",
    });
    expect(first).toMatchObject({ rewards: [{ quantity: 2 }], items: [{ description: "Luna Collagen nectar · 8-serving box" }] });
    await expect(listShippingQueue(as(), { area: "S04" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(listShippingQueue(as(), { reward: "maybe" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("leaves boxes refunded before shipping off the desk and the packing slip", async () => {
    const line = { optionId: "op-m8_ba-1b", optionName: "1 Box", unitPriceCents: 3_900, discountCents: 0 };
    const order = await orderWithLines(database.db, {
      lines: [
        { ...line, productName: "Partly Refunded Nectar", quantity: 3 },
        { ...line, productName: "Wholly Refunded Nectar", quantity: 1 },
      ],
      shippingCents: 0,
      paidAt: new Date(),
    });
    await completedRefund(database.db, order, 7_800, [
      { position: 0, quantity: 1 },
      { position: 1, quantity: 1 },
    ]);
    const [queued] = (await listShippingQueue(as(), { product: "Refunded Nectar" })).orders;
    expect(queued?.items).toEqual([{ description: expect.stringContaining("Partly Refunded Nectar"), quantity: 2 }]);
    const slip = shownText((await getPackingSlipsPdf(as(), { orderIds: [order.id] })).pdf);
    expect(slip).toContain("Partly Refunded Nectar");
    expect(slip).not.toContain("Wholly Refunded Nectar");
    expect(slip).toContain("2 items in this parcel");
  });

  it("keeps staff notes and tags on an order, audited, and refuses bad tags", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    await addOrderNote(as(), { orderId: order.id, note: "  Shopper asked for no bubble wrap.  " });
    expect(await tagOrder(as(), { orderId: order.id, tag: "Gift" })).toEqual({ added: true });
    expect(await tagOrder(as(), { orderId: order.id, tag: "gift" })).toEqual({ added: false });
    await tagOrder(as(), { orderId: order.id, tag: "fragile" });
    expect(await untagOrder(as(), { orderId: order.id, tag: "fragile" })).toEqual({ removed: true });
    const kept = await orderNotesAndTags(as(), { orderId: order.id });
    expect(kept).toMatchObject({
      tags: ["gift"],
      notes: [{ body: "Shopper asked for no bubble wrap.", authorEmail: staffWith("orders").email }],
    });
    expect((await auditOf(order.invoiceId)).map((entry) => entry.action)).toEqual([
      "order.note",
      "order.tag",
      "order.tag",
      "order.untag",
    ]);
    await expect(tagOrder(as(), { orderId: order.id, tag: "no/slashes" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(tagOrder(as(), { orderId: order.id, tag: "x".repeat(25) })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(addOrderNote(as(), { orderId: order.id, note: "   " })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("refuses guests, members and staff without the orders permission, changing nothing", async () => {
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id });
    for (const viewer of [guest(), memberViewer(member.id), staffWith("points", "refunds", "catalog")]) {
      const ctx = as(viewer);
      await expect(listShippingQueue(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(shipOrders(ctx, { rows: [row(order, "NOPE-1234")] })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(getPackingSlipsPdf(ctx, { orderIds: [order.id] })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(addOrderNote(ctx, { orderId: order.id, note: "hello" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(tagOrder(ctx, { orderId: order.id, tag: "gift" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await statusOf(order.id)).toBe("paid");
    expect(await orderNotesAndTags(as(), { orderId: order.id })).toEqual({ notes: [], tags: [] });
  });
});
