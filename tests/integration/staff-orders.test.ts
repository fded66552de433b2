import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "../../db/schema/orders.ts";
import { listOrders } from "../../domain/orders/staff/list-orders.ts";
import { orderForStaff } from "../../domain/orders/staff/order-for-staff.ts";
import { markOrderDelivered, shipOrder } from "../../domain/orders/staff/ship-order.ts";
import { sendOutboxEmail } from "../../domain/outbox/send-outbox-email.ts";
import { exportOrderLines, ORDER_EXPORT_LIMIT } from "../../domain/reports/export-order-lines.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`the back office's orders (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer, jobs = recordingJobs()) => testContext(database.db, { viewer, ports: { jobs: jobs.jobs } });
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const outboxOf = (orderId: string) =>
    queryRows<{ id: string; kind: string }>(database.db, sql`select id, kind from email_outbox where order_id = ${orderId}`);
  const auditOf = (invoiceId: string) =>
    queryRows<{ action: string; before: unknown; after: unknown }>(
      database.db,
      sql`select action, before, after from audit_log where target = ${invoiceId} order by created_at, id`,
    );

  it("ships a paid order once, queues the shopper's tracking email and records who did it", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const jobs = recordingJobs();
    const shipped = await shipOrder(as(staffWith("orders"), jobs), {
      orderId: order.id,
      carrier: "ninjavan",
      trackingNumber: " NV-SG-12345678 ",
    });
    expect(shipped).toEqual({ status: "shipped" });
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", carrier: "ninjavan", trackingNumber: "NV-SG-12345678" });
    const [email] = await outboxOf(order.id);
    expect(email?.kind).toBe("order-shipped");
    expect(jobs.named("send-email").map((job) => job.data)).toEqual([{ outboxId: email?.id }]);
    expect(await auditOf(order.invoiceId)).toEqual([
      {
        action: "order.ship",
        before: { status: "paid" },
        after: { status: "shipped", carrier: "ninjavan", trackingNumber: "NV-SG-12345678" },
      },
    ]);

    const sent: OutgoingEmail[] = [];
    const worker = testContext(database.db, {
      viewer: { kind: "system", job: "send-email" },
      ports: {
        mailer: {
          send: async (message) => {
            sent.push(message);
            return { messageId: message.key };
          },
        },
      },
    });
    await sendOutboxEmail(worker, { outboxId: email?.id ?? "" });
    expect(sent[0]?.to).toBe(order.email);
    expect(sent[0]?.subject).toContain(`order ${order.invoiceId} has shipped`);
    expect(sent[0]?.text).toContain("Ninja Van, tracking number NV-SG-12345678");
    expect(sent[0]?.text).toContain("https://www.ninjavan.co/en-sg/tracking?id=NV-SG-12345678");

    await markOrderDelivered(as(staffWith("orders")), { orderId: order.id });
    const page = await orderForStaff(as(staffWith("orders")), { orderId: order.id });
    expect(page.order.status).toBe("delivered");
    expect(page.timeline.map((event) => event.what)).toEqual(
      expect.arrayContaining(["Paid", "Shipped with Ninja Van, tracking NV-SG-12345678", "Delivered"]),
    );
  });

  it("refuses a change the order's state does not allow, changing nothing", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    await expect(markOrderDelivered(as(staffWith("orders")), { orderId: order.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This order is paid, so it cannot be marked delivered.",
    });
    await shipOrder(as(staffWith("orders")), { orderId: order.id, carrier: "other", trackingNumber: "ABCD" });
    await expect(
      shipOrder(as(staffWith("orders")), { orderId: order.id, carrier: "dhl", trackingNumber: "1234567890" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await orderRow(order.id)).toMatchObject({ carrier: "other", trackingNumber: "ABCD" });
    expect(await outboxOf(order.id)).toHaveLength(1);
    await expect(
      shipOrder(as(staffWith("orders")), { orderId: order.id, carrier: "fedora" as "dhl", trackingNumber: "x" }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(
      shipOrder(as(staffWith("orders")), { orderId: randomUUID(), carrier: "dhl", trackingNumber: "1234567890" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("ships once when two staff mark the same order shipped at the same moment", async () => {
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900 });
    const results = await Promise.allSettled([
      shipOrder(as(staffWith("orders")), { orderId: order.id, carrier: "singpost", trackingNumber: "SP0001" }),
      shipOrder(as(staffWith("orders")), { orderId: order.id, carrier: "jt", trackingNumber: "JT0002" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await outboxOf(order.id)).toHaveLength(1);
    expect(await auditOf(order.invoiceId)).toHaveLength(1);
  });

  it("refuses guests, members and staff without the orders permission, changing nothing", async () => {
    const member = await createMember(database.db);
    const order = await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id });
    for (const viewer of [guest(), memberViewer(member.id), staffWith("points", "refunds", "catalog")]) {
      const ctx = as(viewer);
      await expect(listOrders(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(exportOrderLines(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(orderForStaff(ctx, { orderId: order.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(shipOrder(ctx, { orderId: order.id, carrier: "dhl", trackingNumber: "1234" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(markOrderDelivered(ctx, { orderId: order.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", carrier: null });
    expect(await outboxOf(order.id)).toEqual([]);
  });

  it("finds orders by invoice, email or mobile, by status, and by Singapore day", async () => {
    // 23:30 in Singapore on 9 March, still 9 March in UTC too; 00:30 on 10 March in Singapore is 9 March in UTC.
    const late = await insertPaidOrder(database.db, { subtotalCents: 1_950, paidAt: new Date("2026-03-09T15:30:00Z") });
    const nextDay = await insertPaidOrder(database.db, { subtotalCents: 1_950, paidAt: new Date("2026-03-09T16:30:00Z") });
    const staff = as(staffWith("orders"));
    const invoices = async (input: Parameters<typeof listOrders>[1]) =>
      (await listOrders(staff, input)).orders.map((order) => order.invoiceId);
    expect(await invoices({ query: late.invoiceId.toLowerCase() })).toEqual([late.invoiceId]);
    expect(await invoices({ query: nextDay.email.toUpperCase() })).toEqual([nextDay.invoiceId]);
    expect(await invoices({ from: "2026-03-09", to: "2026-03-09" })).toEqual([late.invoiceId]);
    expect(await invoices({ from: "2026-03-10", to: "2026-03-10" })).toEqual([nextDay.invoiceId]);
    await shipOrder(staff, { orderId: nextDay.id, carrier: "dhl", trackingNumber: "DHL-1" });
    expect(await invoices({ status: "shipped", from: "2026-03-09", to: "2026-03-10" })).toEqual([nextDay.invoiceId]);
    await expect(listOrders(staff, { status: "lost" as "paid" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(listOrders(staff, { from: "2026-02-30" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect((await exportOrderLines(staff, { from: "2026-03-09", to: "2026-03-10" })).map((line) => line.invoiceId)).toEqual([
      nextDay.invoiceId,
      late.invoiceId,
    ]);

    // The customer's name moves on with their later checkouts; an order keeps the name it was placed under.
    const customerId = (await orderRow(late.id))?.customerId ?? "";
    await database.db.update(customers).set({ name: "Mei Ling Tan" }).where(eq(customers.id, customerId));
    expect((await listOrders(staff, { query: late.invoiceId })).orders.map((order) => order.name)).toEqual(["Tan Mei Ling"]);
    expect(await invoices({ query: "mei ling tan" })).toEqual([]);
    const lines = await exportOrderLines(staff, { query: late.invoiceId });
    expect(new Set(lines.map((line) => line.customer))).toEqual(new Set(["Tan Mei Ling"]));
  });

  // Ten thousand orders take seconds to write on the embedded database, more on a busy machine.
  it("refuses to export more orders than one file carries, saying so, and exports a shorter range", async () => {
    const staff = as(staffWith("orders"));
    const source = await insertPaidOrder(database.db, { subtotalCents: 1_950, paidAt: new Date("2025-06-01T04:00:00Z") });
    // The source and its copies: one order more than an export carries, all paid on one day.
    const copy = (table: string, changes: ReturnType<typeof sql>, id: string) => sql`
      insert into ${sql.identifier(table)}
      select (jsonb_populate_record(null::${sql.identifier(table)}, to_jsonb(t) || ${changes})).*
      from ${sql.identifier(table)} t, generate_series(1, ${ORDER_EXPORT_LIMIT}) i
      where t.id = ${id}`;
    await database.db.execute(
      copy(
        "checkout_sessions",
        sql`jsonb_build_object('id', 'cs_copy_' || i, 'bag_id', gen_random_uuid())`,
        source.checkoutSessionId,
      ),
    );
    await database.db.execute(
      copy(
        "orders",
        sql`jsonb_build_object('id', gen_random_uuid(), 'order_id', 'ord_copy_' || i, 'invoice_id', 'C' || i, 'checkout_session_id', 'cs_copy_' || i, 'idempotency_key', 'copy:' || i)`,
        source.id,
      ),
    );
    const day = { from: "2025-06-01", to: "2025-06-01" };
    await expect(exportOrderLines(staff, day)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "More than 10,000 orders match these filters: export a shorter range of dates at a time.",
    });
    expect((await exportOrderLines(staff, { ...day, query: source.invoiceId })).map((line) => line.invoiceId)).toEqual([
      source.invoiceId,
    ]);
  }, 120_000);
});
